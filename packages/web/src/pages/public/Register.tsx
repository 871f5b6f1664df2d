import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Result, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COMPANY_FULL_NAME_MAX,
  COMPANY_LICENSE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_ACCOUNT,
  USER_NAME_MAX,
  validationMessage,
  type RegisterBody,
  type RegisterResult,
} from '@rd/contract';
import { isHttpError } from '../../api/HttpError';
import { apiPost } from '../../api/http';
import { LOGIN_PATH } from '../../app/router/paths';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { fieldErrorsOf, showServerFieldErrors, useFieldRules } from '../../components/fieldRules';
import { PublicShell } from '../../public/shell/PublicShell';

const FIELDS = ['fullName', 'licenseNumber', 'username', 'name', 'phone', 'password', 'confirmPassword'] as const;
type RegisterValues = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * /register — a company and its enterprise administrator, on a phone or a desktop. The rules are the
 * contract's (credit code check character, username, password length); the server checks them again and
 * its field errors land under the fields. A credit code already registered is refused there; a full name already
 * registered is a warning (SAME_NAME_REGISTERED): it shows under the name, and a dialog lets the person go back or
 * register anyway. Success tells the next steps: sign in, report the company info, pass audit, then generate codes.
 */
export default function Register() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const lang = useStore(appStore, (s) => s.language);
  const [form] = Form.useForm<RegisterValues>();
  const { message, modal } = App.useApp();
  const [done, setDone] = useState<(RegisterResult & { fullName: string }) | null>(null);
  const registration = useMutation({
    mutationFn: ({ values, confirmSameName }: { values: RegisterValues; confirmSameName: boolean }) =>
      apiPost<RegisterResult>('/acc/api/register', { ...values, phone: values.phone ?? '', confirmSameName } as RegisterBody, { showError: false }),
    onSuccess: (result, { values }) => setDone({ ...result, fullName: values.fullName ?? '' }),
    onError: (error, { values }) => {
      if (isHttpError(error) && error.code === 'SAME_NAME_REGISTERED') {
        form.setFields([{ name: 'fullName', warnings: fieldErrorsOf(error).filter((e) => e.field === 'fullName').map((e) => e.message) }]);
        modal.confirm({
          title: t('company.register.sameNameTitle'),
          content: <span data-testid="register-same-name">{t('company.register.sameNameText', { fullName: values.fullName?.trim() ?? '' })}</span>,
          okText: t('company.register.sameNameGoOn'),
          cancelText: t('company.register.sameNameBack'),
          onOk: () => registration.mutate({ values, confirmSameName: true }),
        });
        return;
      }
      // a refusal about a field is said under it; any other (too many tries, no connection) in a message
      showServerFieldErrors(form, error, FIELDS);
      const aboutFields = fieldErrorsOf(error).some((e) => (FIELDS as readonly string[]).includes(e.field));
      if (!aboutFields) void message.error(isHttpError(error) && error.message ? error.message : t('http.systemError'));
    },
  });
  const mismatch = validationMessage('validation.passwordMismatch', lang);

  return (
    <PublicShell title={t('company.register.title')}>
      <Card className="register-card">
        {done ? (
          <Result
            status="success"
            title={t('company.register.successTitle')}
            subTitle={<span data-testid="register-success">{t('company.register.successText', done)}</span>}
            extra={
              <>
                <Typography.Paragraph style={{ textAlign: 'left' }}>
                  {t('company.register.nextSteps')}
                  <br />
                  1. {t('company.register.step1')}
                  <br />
                  2. {t('company.register.step2')}
                  <br />
                  3. {t('company.register.step3')}
                </Typography.Paragraph>
                <Link to={LOGIN_PATH} data-testid="register-sign-in">
                  <Button type="primary" block size="large">
                    {t('company.register.signIn')}
                  </Button>
                </Link>
              </>
            }
          />
        ) : (
          <>
            <Alert type="info" showIcon message={t('company.register.intro')} style={{ marginBottom: 16 }} />
            <Form form={form} layout="vertical" onFinish={(values) => registration.mutate({ values, confirmSameName: false })} requiredMark>
              <Typography.Title level={5}>{t('company.register.company')}</Typography.Title>
              <Form.Item name="fullName" label={t('company.fields.fullName')} rules={[rules.required(t('company.fields.fullName')), rules.maxLength(COMPANY_FULL_NAME_MAX)]}>
                <Input maxLength={COMPANY_FULL_NAME_MAX} autoComplete="organization" data-testid="register-fullName" />
              </Form.Item>
              <Form.Item
                name="licenseNumber"
                label={t('company.fields.licenseNumber')}
                extra={t('company.hints.licenseNumber')}
                rules={[rules.required(t('company.fields.licenseNumber')), rules.pattern('uscc')]}
                normalize={(value: string | undefined) => value?.replace(/\s+/g, '').toUpperCase()}
              >
                <Input maxLength={COMPANY_LICENSE_LENGTH} autoCapitalize="characters" data-testid="register-licenseNumber" />
              </Form.Item>
              <Typography.Title level={5}>{t('company.register.admin')}</Typography.Title>
              <Form.Item
                name="username"
                label={t('company.register.username')}
                extra={t('company.register.usernameHint')}
                rules={[
                  rules.required(t('company.register.username')),
                  {
                    validator: (_, value: string | undefined) =>
                      !value || USER_ACCOUNT.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(validationMessage('validation.account', lang))),
                  },
                ]}
              >
                <Input maxLength={64} autoComplete="username" autoCapitalize="off" data-testid="register-username" />
              </Form.Item>
              <Form.Item name="name" label={t('company.register.name')} rules={[rules.required(t('company.register.name')), rules.maxLength(USER_NAME_MAX)]}>
                <Input maxLength={USER_NAME_MAX} autoComplete="name" data-testid="register-name" />
              </Form.Item>
              <Form.Item name="phone" label={t('company.register.phone')} rules={[rules.pattern('mobile')]}>
                <Input maxLength={11} inputMode="tel" autoComplete="tel" data-testid="register-phone" />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('company.register.password')}
                extra={t('company.register.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
                rules={[
                  rules.requiredValue(t('company.register.password')),
                  { min: PASSWORD_MIN, message: validationMessage('validation.tooShort', lang, { min: PASSWORD_MIN }) },
                  { max: PASSWORD_MAX, message: validationMessage('validation.tooLong', lang, { max: PASSWORD_MAX }) },
                ]}
              >
                <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" data-testid="register-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('company.register.confirmPassword')}
                dependencies={['password']}
                rules={[
                  rules.requiredValue(t('company.register.confirmPassword')),
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) =>
                      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(mismatch)),
                  }),
                ]}
              >
                <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" data-testid="register-confirmPassword" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={registration.isPending} data-testid="register-submit">
                {t('company.register.submit')}
              </Button>
              <div style={{ marginTop: 12, textAlign: 'center' }}>
                <Link to={LOGIN_PATH}>{t('company.register.haveAccount')}</Link>
              </div>
            </Form>
          </>
        )}
      </Card>
    </PublicShell>
  );
}
