import { Link } from 'react-router';
import { EMPTY } from '../../../utils/format';

/**
 * A name that opens its object's screen (`to?id=…`); plain text when the user cannot open that screen, a
 * dash when there is nothing.
 */
export function ScreenLink({ to, id, text, testId }: { to: string | null; id: string | null; text: string | null; testId: string }) {
  if (!id) return <>{EMPTY}</>;
  const label = text || id;
  if (!to) return <span data-testid={testId}>{label}</span>;
  return (
    <Link to={`${to}?id=${encodeURIComponent(id)}`} data-testid={testId}>
      {label}
    </Link>
  );
}
