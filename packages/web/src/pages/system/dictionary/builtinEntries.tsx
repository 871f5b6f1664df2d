import { Tag, Tooltip } from 'antd';
import { PERMISSIONS } from '@rd/contract';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton';

// Built-in types and items are the ones the system itself relies on: both lists mark them the same
// way and refuse to delete them the same way.

/** A type's or item's code, tagged when it is built in. */
export function CodeWithBuiltinTag({ code, builtin }: { code: string; builtin: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {code} {builtin && <Tag>{t('dictionary.builtin')}</Tag>}
    </>
  );
}

export interface DeleteUnlessBuiltinProps {
  builtin: boolean;
  testId: string;
  onClick: () => void;
}

/** The row's delete button, disabled for a built-in entry with a tooltip saying why. */
export function DeleteUnlessBuiltin({ builtin, testId, onClick }: DeleteUnlessBuiltinProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={builtin ? t('dictionary.builtinHint') : undefined}>
      {/* A disabled button swallows the mouse events the tooltip needs; the span receives them. */}
      <span>
        <PermissionButton code={PERMISSIONS.dictDelete} type="link" size="small" danger disabled={builtin} data-testid={testId} onClick={onClick}>
          {t('dictionary.delete')}
        </PermissionButton>
      </span>
    </Tooltip>
  );
}
