import type { ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormModalProps {
  title: ReactNode;
  /** The form inside; OK submits it, so its onFinish does the saving. */
  form: FormInstance;
  /** OK spins while the save is under way. */
  saving: boolean;
  onClose: () => void;
  /** antd's 520 px when not given. */
  width?: number;
  /** OK cannot be pressed yet (the dialog says why). */
  okDisabled?: boolean;
  children: ReactNode;
}

/**
 * The dialog around an add / edit form: OK and Cancel in the current language, OK submits the form,
 * and the contents are dropped on close so the next opening starts from the form's initial values.
 */
export function FormModal({ title, form, saving, onClose, width, okDisabled = false, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: okDisabled }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      {children}
    </Modal>
  );
}
