import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { validationMessage, type ChangePasswordBody } from '@rd/contract';
import { changePassword } from '../../api/session';
import { isHttpError } from '../../api/HttpError';
import { useStore } from '../state/createStore';
import { appStore } from '../state/appStore';
import { sessionStore, setPasswordNotice } from '../state/sessionStore';
import { endSessionToLogin, logoutToLogin } from '../auth/logout';
import { closePasswordDialog, openPasswordDialog, passwordDialogStore } from './passwordDialogStore';
import {
  checkPasswordField,
  relatedFieldsToCheck,
  type PasswordField,
  type PasswordProblem,
  type PasswordValues,
} from './passwordRules';

/**
 * Change password (spec 5.1): each field is checked when it loses focus, and that also rechecks the
 * fields whose rule reads it. After sign-in with an initial or expired password the dialog opens by
 * itself and cannot be dismissed, only completed or left by logging out.
 */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const { modal } = App.useApp();
  const open = useStore(passwordDialogStore, (s) => s.open);
  const notice = useStore(sessionStore, (s) => s.passwordNotice);
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);
  const forced = notice !== '';

  useEffect(() => {
    if (notice) openPasswordDialog();
  }, [notice]);

  const describe = (problem: PasswordProblem): string => {
    switch (problem.key) {
      case 'validation.required':
        return validationMessage('validation.enterField', lang, { field: t(`password.${problem.field}`) });
      case 'validation.passwordMin':
        return t('validation.passwordMin', { min: problem.min });
      case 'validation.passwordMax':
        return t('validation.passwordMax', { max: problem.max });
      default:
        return t(problem.key);
    }
  };

  const rulesFor = (field: PasswordField): Rule[] => [
    {
      required: true,
      validator: (_rule, value: string | undefined) => {
        const problem = checkPasswordField(field, { ...form.getFieldsValue(), [field]: value ?? '' });
        return problem ? Promise.reject(new Error(describe(problem))) : Promise.resolve();
      },
    },
  ];

  const recheckRelated = (field: PasswordField) => {
    const related = relatedFieldsToCheck(field, form.getFieldsValue());
    if (related.length > 0) form.validateFields(related).catch(() => undefined);
  };

  const submit = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSubmitting(true);
    try {
      await changePassword(values as ChangePasswordBody);
      setPasswordNotice('');
      closePasswordDialog();
      // The server has ended every session of this user: confirm, then sign in again.
      modal.success({
        title: t('password.successTitle'),
        content: t('password.successContent'),
        okText: t('common.confirm'),
        onOk: endSessionToLogin,
      });
    } catch (error) {
      if (isHttpError(error) && error.errors.length > 0) {
        form.setFields(error.errors.map((e) => ({ name: e.field as PasswordField, errors: [e.message] })));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: PasswordField, testId: string) => (
    <Form.Item name={name} label={t(`password.${name}`)} rules={rulesFor(name)} validateTrigger="onBlur">
      <Input.Password
        autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
        data-testid={testId}
        onBlur={() => recheckRelated(name)}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={t('password.title')}
      closable={!forced}
      mask={{ closable: false }}
      keyboard={!forced}
      destroyOnHidden
      onCancel={closePasswordDialog}
      footer={[
        forced ? (
          <Button key="logout" onClick={() => void logoutToLogin()} data-testid="password-logout">
            {t('password.logoutInstead')}
          </Button>
        ) : (
          <Button key="cancel" onClick={closePasswordDialog} data-testid="password-cancel">
            {t('common.cancel')}
          </Button>
        ),
        <Button key="submit" type="primary" loading={submitting} onClick={() => void submit()} data-testid="password-submit">
          {t('password.submit')}
        </Button>,
      ]}
    >
      <div data-testid="password-dialog">
      {notice && (
        <Alert
          type="warning"
          showIcon
          className="password-notice"
          data-testid="password-notice"
          title={t(notice === 'EXPIRED' ? 'password.noticeExpired' : 'password.noticeInitial')}
        />
      )}
      <Form form={form} layout="vertical" preserve={false} requiredMark>
        {field('oldPassword', 'password-old')}
        {field('newPassword', 'password-new')}
        {field('confirmPsw', 'password-confirm')}
      </Form>
      </div>
    </Modal>
  );
}
