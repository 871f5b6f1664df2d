import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { PermissionButton } from './PermissionButton';
import { useConfirmAction } from './useConfirmAction';

export interface RowDeleteButtonProps {
  /** The permission the delete needs; without it the button is not rendered. */
  code: string;
  /** Why this row cannot be deleted now (still referenced): the button is disabled and says why on hover. */
  blockedReason?: string | undefined;
  confirmTitle: ReactNode;
  confirmContent: ReactNode;
  /** Runs after the user confirms. */
  onConfirm: () => Promise<unknown>;
  testId: string;
  children: ReactNode;
}

/** The delete link of a list row: permission-gated, disabled while the row is in use, confirmed before it runs. */
export function RowDeleteButton({ code, blockedReason, confirmTitle, confirmContent, onConfirm, testId, children }: RowDeleteButtonProps) {
  const confirmAction = useConfirmAction();
  return (
    <Tooltip title={blockedReason}>
      <PermissionButton
        code={code}
        type="link"
        size="small"
        danger
        disabled={blockedReason !== undefined}
        data-testid={testId}
        onClick={() => confirmAction({ title: confirmTitle, content: confirmContent, action: onConfirm })}
      >
        {children}
      </PermissionButton>
    </Tooltip>
  );
}
