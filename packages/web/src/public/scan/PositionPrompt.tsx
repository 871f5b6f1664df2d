import { useEffect, useRef, useState } from 'react';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import { useTranslation } from 'react-i18next';
import type { GeoTap } from './earlyCheck';
import { attachPosition } from './scanApi';
import { forgetScanToken } from './verdictCache';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

/** The browser may take a while to fix a position; the verdict is on screen already, so waiting is cheap. */
const POSITION_TIMEOUT_MS = 15_000;
/** A position a few minutes old is as good for "where was this scanned". */
const POSITION_MAX_AGE_MS = 5 * 60_000;

type Step = 'ask' | 'locating' | 'sent' | 'failed' | 'closed';

/**
 * Asks politely, after the verdict, whether the position may be recorded: the browser's own prompt
 * appears only when the person taps "allow". The position goes to the record of this check through
 * its one-time scanToken (scanCodeRecord/add); whatever happens, the token is used up for this tab.
 * `tappedEarly` is a tap on the same prompt as the document drew it before the page started (earlyVerdict.ts),
 * answered as soon as the page can.
 */
export function PositionPrompt({ code, scanToken, tappedEarly }: { code: string; scanToken: string; tappedEarly?: GeoTap }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('ask');
  const earlyTap = useRef(tappedEarly);
  const geolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const finish = (next: Step) => {
    forgetScanToken(code);
    setStep(next);
  };
  const allow = () => {
    setStep('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        attachPosition(scanToken, position.coords.latitude, position.coords.longitude).then(
          () => finish('sent'),
          () => finish('failed'),
        );
      },
      () => finish('failed'),
      { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  };

  useEffect(() => {
    const tap = earlyTap.current;
    earlyTap.current = undefined;
    if (tap === 'allow' && geolocation) allow();
    else if (tap === 'deny') finish('closed');
    // once, for a tap made before the page started
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (step === 'closed' || !geolocation) return null;

  return (
    <div className="scan-geo" data-testid="geo-prompt">
      <Icon icon={EnvironmentOutlined} className="scan-geo__icon" />
      {step === 'sent' || step === 'failed' ? (
        <span data-testid="geo-outcome">{t(step === 'sent' ? 'scan.geo.sent' : 'scan.geo.failed')}</span>
      ) : (
        <>
          <span className="scan-geo__text">{t('scan.geo.ask')}</span>
          <span className="scan-geo__actions">
            <Button size="small" variant="primary" loading={step === 'locating'} onClick={allow} data-testid="geo-allow">
              {t('scan.geo.allow')}
            </Button>
            <Button size="small" variant="text" disabled={step === 'locating'} onClick={() => finish('closed')} data-testid="geo-deny">
              {t('scan.geo.deny')}
            </Button>
          </span>
        </>
      )}
    </div>
  );
}
