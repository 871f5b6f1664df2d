import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PasswordOnceProps {
  username: string;
  password: string;
  /** 'initial' after adding a user, 'reset' after a password reset. */
  kind: 'initial' | 'reset';
}

/**
 * A generated password, shown this one time with a copy button. The server keeps only its hash, so
 * once this dialog is closed nobody can read it again.
 */
export function PasswordOnce({ username, password, kind }: PasswordOnceProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="password-once">
      <Typography.Paragraph>
        {kind === 'reset' ? t('userInfo.passwordResetText', { username }) : t('userInfo.passwordInitialText', { username })}
      </Typography.Paragraph>
      <Typography.Paragraph
        code
        strong
        copyable={{ text: password, tooltips: [t('userInfo.copy'), t('userInfo.copied')] }}
        data-testid="password-once-value"
      >
        {password}
      </Typography.Paragraph>
      <Alert type="warning" showIcon title={t('userInfo.passwordOnce')} />
    </div>
  );
}
