import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { checkUserPassWord, login } from '../api/session';
import { isHttpError } from '../api/HttpError';
import { setPasswordNotice, setToken } from '../app/state/sessionStore';
import { afterLoginTarget } from '../app/router/guard';
import { LanguageSwitch } from '../app/layout/LanguageSwitch';
import './LoginPage.css';

interface Credentials {
  username: string;
  password: string;
}

/** Sign-in. A refusal (wrong password, throttling) shows the server's own text under the form. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const signIn = async ({ username, password }: Credentials) => {
    setError('');
    setSubmitting(true);
    try {
      setToken(await login(username, password));
    } catch (e) {
      console.error('sign-in failed', e);
      setError(isHttpError(e) && e.message ? e.message : t('login.failed'));
      setSubmitting(false);
      return;
    }
    try {
      const check = await checkUserPassWord();
      if (check.mustChange) setPasswordNotice(check.reason ?? 'INITIAL');
    } catch {
      // The check is advisory here; the server still enforces its password rules.
    }
    setSubmitting(false);
    await navigate(afterLoginTarget(params.get('redirect')), { replace: true });
  };

  return (
    <div className="login-page">
      <LanguageSwitch className="login-page__lang" />
      <div className="login-page__box">
        <h1 className="login-page__title">{t('app.productTitle')}</h1>
        <h2 className="login-page__heading">{t('login.heading')}</h2>
        <Form<Credentials> layout="vertical" onFinish={(values) => void signIn(values)} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          {error && <Alert className="login-page__error" type="error" showIcon title={error} data-testid="login-error" />}
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
