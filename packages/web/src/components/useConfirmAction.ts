import type { ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ConfirmActionOptions {
  title: ReactNode;
  content: ReactNode;
  /** A red OK button, for actions that remove or end something; true unless said otherwise. */
  danger?: boolean;
  /** Runs on OK; the OK button spins until it settles. */
  action: () => Promise<unknown>;
}

/**
 * Asks "are you sure?" before an action on a row (delete, disable, reset ...). A failed action just
 * closes the dialog: the HTTP client has already shown why it failed.
 */
export function useConfirmAction(): (options: ConfirmActionOptions) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return ({ title, content, danger = true, action }) => {
    modal.confirm({
      title,
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk: () => action().catch(() => undefined),
    });
  };
}
