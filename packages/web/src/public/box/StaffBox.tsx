import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { LoginUser } from '@rd/contract';
import { useStore } from '../../app/state/createStore';
import { sessionStore } from '../../app/state/sessionStore';
import { loadStaffUser, signIn, signOut } from '../shell/staffSession';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Spinner } from '../ui/Skeleton';
import { TextField } from '../ui/TextField';
import { PublicBoxView } from './PublicBoxView';
import { StaffBoxView } from './StaffBoxView';

/**
 * The box view for staff, loaded only when a token is in this tab or someone asks to sign in: the sign-in
 * form, then a line naming the user with a sign-out button, then the full item list for staff of a company
 * (a platform account, or staff of another company, see the public view).
 */
export default function StaffBox({ code }: { code: string }) {
  const { t } = useTranslation();
  const token = useStore(sessionStore, (s) => s.token);
  const user = useStore(sessionStore, (s) => s.user);
  useEffect(() => {
    // A token the server no longer accepts is dropped by loadStaffUser: the form then shows.
    if (token && !user) loadStaffUser().catch(() => undefined);
  }, [token, user]);

  if (token && !user) return <Spinner label={t('scan.verdict.checking')} data-testid="staff-loading" />;
  if (!user) {
    return (
      <>
        <PublicBoxView code={code} />
        <SignInForm />
      </>
    );
  }
  return (
    <>
      <StaffBar user={user} />
      {user.merchantCode ? <StaffBoxView code={code} /> : <PublicBoxView code={code} />}
    </>
  );
}

function StaffBar({ user }: { user: LoginUser }) {
  const { t } = useTranslation();
  return (
    <div className="public-card staff-bar" data-testid="staff-bar">
      <span className="staff-bar__who">
        <Icon icon={UserOutlined} /> <span data-testid="staff-name">{user.name || user.username}</span>
        {user.companyName && <span className="staff-bar__company"> · {user.companyName}</span>}
      </span>
      <Button size="small" icon={<Icon icon={LogoutOutlined} />} onClick={() => void signOut()} data-testid="staff-sign-out">
        {t('header.logout')}
      </Button>
    </div>
  );
}

function SignInForm() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState({ username: '', password: '' });
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: username.trim() ? '' : t('login.usernameRequired'),
      password: password ? '' : t('login.passwordRequired'),
    };
    setProblems(found);
    if (found.username || found.password) return;
    setError('');
    setSubmitting(true);
    try {
      await signIn(username, password);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('login.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="public-card" data-testid="staff-sign-in">
      <h2 className="staff-sign-in__heading">{t('login.heading')}</h2>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={
            <>
              <Icon icon={UserOutlined} /> {t('login.username')}
            </>
          }
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={problems.username}
          autoComplete="username"
          data-testid="login-username"
        />
        <TextField
          label={
            <>
              <Icon icon={LockOutlined} /> {t('login.password')}
            </>
          }
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problems.password}
          autoComplete="current-password"
          data-testid="login-password"
        />
        {error && <Alert type="error" title={error} className="staff-sign-in__error" data-testid="login-error" />}
        <Button variant="primary" type="submit" block loading={submitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </form>
    </div>
  );
}
