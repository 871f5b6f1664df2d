import { useEffect } from 'react';
import { Alert, Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeSupportView } from '../../api/supportView';
import { formatDateTime } from '../../utils/format';
import { useStore } from '../state/createStore';
import { sessionStore } from '../state/sessionStore';
import { startOverAtHome } from '../supportView/startOver';

/** The longest wait a browser timer takes (about 24.8 days); a view never lasts that long. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/**
 * Says, above every screen, which company a support view shows and that it is read-only, and offers to
 * leave it. When the view's time is up the portal starts over as the platform account.
 */
export function SupportBanner() {
  const { t } = useTranslation();
  const view = useStore(sessionStore, (s) => s.user?.supportView ?? null);
  const leave = useMutation({ mutationFn: closeSupportView, onSuccess: startOverAtHome });

  useEffect(() => {
    if (!view) return;
    const timer = setTimeout(startOverAtHome, Math.min(Math.max(0, Date.parse(view.until) - Date.now()) + 1000, TIMER_MAX_MS));
    return () => clearTimeout(timer);
  }, [view]);

  if (!view) return null;
  return (
    <Alert
      type="warning"
      banner
      className="support-banner"
      data-testid="support-banner"
      message={t('supportView.banner', { company: view.companyName, until: formatDateTime(view.until) })}
      action={
        <Button size="small" type="primary" loading={leave.isPending} onClick={() => leave.mutate()} data-testid="support-leave">
          {t('supportView.leave')}
        </Button>
      }
    />
  );
}
