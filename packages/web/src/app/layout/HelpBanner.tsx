import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../state/createStore';
import { appStore, dismissHelp } from '../state/appStore';

/** The current view's help text (helpMessage holds its message key); dismissed views stay quiet. */
export function HelpBanner() {
  const { t } = useTranslation();
  const helpMessage = useStore(appStore, (s) => s.helpMessage);
  const helpClass = useStore(appStore, (s) => s.helpClass);
  const dismissed = useStore(appStore, (s) => s.helpDismissed);
  if (!helpMessage || dismissed.includes(helpClass)) return null;
  return (
    <Alert
      className={`help-banner help-banner--${helpClass}`}
      data-testid="help-banner"
      type="info"
      showIcon
      title={t(helpMessage as 'help.Dashboard')}
      closable={{ onClose: () => dismissHelp(helpClass), 'aria-label': t('help.dismiss') }}
    />
  );
}
