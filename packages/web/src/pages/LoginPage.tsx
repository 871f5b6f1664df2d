import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { checkUserPassWord, login } from '../api/session';
import { isHttpError } from '../api/HttpError';
import { setPasswordNotice, setToken } from '../app/state/sessionStore';
import { afterLoginTarget } from '../app/router/guard';
import { LanguageSwitch } from '../public/shell/LanguageSwitch';
import { Alert } from '../public/ui/Alert';
import { Button } from '../public/ui/Button';
import { TextField } from '../public/ui/TextField';
import './LoginPage.css';

/**
 * Sign-in. A refusal (wrong password, throttling) shows the server's own text under the form. Drawn with
 * the light components of the public pages, not Ant Design: the first page of every visit stays small.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState({ username: '', password: '' });
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const signIn = async () => {
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: username.trim() === '' ? t('login.usernameRequired') : '',
      password: password === '' ? t('login.passwordRequired') : '',
    };
    setProblems(found);
    if (!found.username && !found.password) void signIn();
  };

  return (
    <div className="login-page">
      <LanguageSwitch className="login-page__lang" />
      <main className="login-page__box">
        <h1 className="login-page__title">{t('app.productTitle')}</h1>
        <h2 className="login-page__heading">{t('login.heading')}</h2>
        <form noValidate onSubmit={submit}>
          <TextField
            label={t('login.username')}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={problems.username}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="login-username"
          />
          <TextField
            label={t('login.password')}
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problems.password}
            autoComplete="current-password"
            data-testid="login-password"
          />
          {error && <Alert className="login-page__error" type="error" title={error} data-testid="login-error" />}
          <Button variant="primary" type="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
