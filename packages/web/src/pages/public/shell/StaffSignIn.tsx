import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginUser } from '@rd/contract';
import { login, logout } from '../../../api/session';
import { isHttpError } from '../../../api/HttpError';
import { ensureSession } from '../../../app/auth/loadSession';
import { forceLocalLogout } from '../../../app/auth/logout';
import { setToken } from '../../../app/state/sessionStore';
import { useStaffSession } from './useStaffSession';

interface Credentials {
  username: string;
  password: string;
}

/**
 * Staff sign-in on a public page (production-line phones open /codeBinding directly, never the portal).
 * It uses the portal's login call and session store, so the token is the same one the portal would hold
 * and it dies with the tab. Signed in: a line naming the user and company with a sign-out button, then
 * `children` (a function of the user). Not signed in: the form only.
 *
 * Usage: `<StaffSignIn>{(user) => <PackPage user={user} />}</StaffSignIn>`
 */
export function StaffSignIn({ children }: { children: (user: LoginUser) => ReactNode }) {
  const { t } = useTranslation();
  const { user, loading } = useStaffSession();
  if (loading) return <Spin data-testid="staff-loading" />;
  if (!user) return <SignInForm />;
  return (
    <>
      <div className="public-card staff-bar" data-testid="staff-bar">
        <span className="staff-bar__who">
          <UserOutlined /> <span data-testid="staff-name">{user.name || user.username}</span>
          {user.companyName && <span className="staff-bar__company"> · {user.companyName}</span>}
        </span>
        <Button size="small" icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="staff-sign-out">
          {t('header.logout')}
        </Button>
      </div>
      {children(user)}
    </>
  );
}

/** Ends the session on the server, then here; the page stays where it is and shows the form again. */
async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Signed out locally whatever the server answered.
  }
  forceLocalLogout();
}

function SignInForm() {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const signIn = async ({ username, password }: Credentials) => {
    setError('');
    setSubmitting(true);
    try {
      setToken(await login(username, password));
      await ensureSession();
    } catch (e) {
      forceLocalLogout();
      setError(isHttpError(e) && e.message ? e.message : e instanceof Error && e.message ? e.message : t('login.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="public-card" data-testid="staff-sign-in">
      <h2 className="staff-sign-in__heading">{t('login.heading')}</h2>
      <Form<Credentials> layout="vertical" onFinish={(values) => void signIn(values)} requiredMark={false}>
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="login-error" />}
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
    </div>
  );
}

/** For pages that work on a company's codes: a platform account (no company) is told to use a company one. */
export function CompanyStaffOnly() {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon title={t('binding.staffOnly')} data-testid="company-staff-only" />;
}
