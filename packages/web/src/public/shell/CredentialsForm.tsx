import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { TextField } from '../ui/TextField';
import './CredentialsForm.css';

/**
 * The username and password form of the portal's sign-in page and of the staff sign-in on the public box
 * page, drawn with the light components (no Ant Design). Both fields are required; `signIn` is called with
 * them and throws on a refusal, whose message (the server's own text) is shown under the form.
 */
export function CredentialsForm({ signIn }: { signIn(username: string, password: string): Promise<unknown> }) {
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
        autoCapitalize="off"
        spellCheck={false}
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
      {error && <Alert className="credentials-form__error" type="error" title={error} data-testid="login-error" />}
      <Button variant="primary" type="submit" block loading={submitting} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
