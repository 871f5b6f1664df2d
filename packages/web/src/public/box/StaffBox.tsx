import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { LoginUser } from '@rd/contract';
import { useStore } from '../../app/state/createStore';
import { sessionStore } from '../../app/state/sessionStore';
import { CredentialsForm } from '../shell/CredentialsForm';
import { loadStaffUser, signIn, signOut } from '../shell/staffSession';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Spinner } from '../ui/Skeleton';
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
  return (
    <div className="public-card" data-testid="staff-sign-in">
      <h2 className="staff-sign-in__heading">{t('login.heading')}</h2>
      <CredentialsForm signIn={signIn} />
    </div>
  );
}
