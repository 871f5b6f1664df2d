import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { checkUserPassWord, login } from '../api/session';
import { isHttpError } from '../api/HttpError';
import { setPasswordNotice, setToken } from '../app/state/sessionStore';
import { afterLoginTarget } from '../app/router/guard';
import { forgetSessionEnd, readSessionEnd } from '../app/auth/sessionEndNotice';
import { LanguageSwitch } from '../public/shell/LanguageSwitch';
import { CredentialsForm } from '../public/shell/CredentialsForm';
import './LoginPage.css';

/**
 * Sign-in. A refusal (wrong password, throttling) shows the server's own text under the form. Drawn with
 * the light components of the public pages, not Ant Design: the first page of every visit stays small.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [ended] = useState(readSessionEnd);

  const signIn = async (username: string, password: string) => {
    try {
      setToken(await login(username, password));
      forgetSessionEnd();
    } catch (e) {
      // the server's own text for a refusal, which is the user's to read, not an error of the page;
      // anything else (no network) as a plain failure, kept in the console for whoever looks into it
      if (isHttpError(e) && e.message) throw e;
      console.error('sign-in failed', e);
      throw new Error(t('login.failed'), { cause: e });
    }
    try {
      const check = await checkUserPassWord();
      if (check.mustChange) setPasswordNotice(check.reason ?? 'INITIAL');
    } catch {
      // The check is advisory here; the server still enforces its password rules.
    }
    await navigate(afterLoginTarget(params.get('redirect')), { replace: true });
  };

  return (
    <div className="login-page">
      <LanguageSwitch className="login-page__lang" />
      <main className="login-page__box">
        <h1 className="login-page__title">{t('app.productTitle')}</h1>
        <h2 className="login-page__heading">{t('login.heading')}</h2>
        {ended && (
          <p className="login-page__ended" role="status" data-testid="login-session-ended">
            {t(`login.ended.${ended.reason}`, ended)}
          </p>
        )}
        <CredentialsForm signIn={signIn} />
      </main>
    </div>
  );
}
