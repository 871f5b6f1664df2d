import { EMPTY } from '../utils/format';

/**
 * A person as the portal names them: by their name (王小明), with their login name (longjing_admin) on hover.
 * Answers carry both (contract `createdByShape`); a person without a name is shown by the login name, and an
 * account that is gone as '-'.
 */
export function PersonName({ name, username, testId }: { name: string | null | undefined; username?: string | null; testId?: string }) {
  const shown = name || username || '';
  if (!shown) return <>{EMPTY}</>;
  const hover = username && username !== shown ? username : undefined;
  return (
    <span className="person-name" title={hover} data-testid={testId}>
      {shown}
    </span>
  );
}
