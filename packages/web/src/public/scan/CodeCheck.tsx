import { useTranslation } from 'react-i18next';
import { SCAN_CODE_PARAM } from '@rd/contract/consumer';
import { Alert } from '../ui/Alert';
import { Link } from '../navigation';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { HiddenCodeForm } from './HiddenCodeForm';
import { PositionPrompt } from './PositionPrompt';
import { ResultView } from './ResultView';
import { VerdictBanner } from './VerdictBanner';
import { useCodeCheck } from './useCodeCheck';
import './scan.css';

/**
 * The check of one code, from the question to the full answer: the result page, the manual entry and
 * the WeChat entry all end here. When the code's rule prints a scratch-off code the answer asks for it
 * first (a wrong one shows the mismatch banner above the form again).
 */
export function CodeCheck({ code, hiddenCode }: { code: string; hiddenCode?: string }) {
  const { t } = useTranslation();
  const check = useCodeCheck(code, hiddenCode);
  const { state } = check;

  if (state.status === 'checking') {
    return (
      <div className="scan-checking" data-testid="scan-checking" aria-busy="true">
        <p className="scan-muted" role="status">
          {t('scan.verdict.checking')}
        </p>
        <Skeleton rows={4} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert
        type="error"
        data-testid="scan-failed"
        title={t('scan.verdict.failed', { reason: state.reason })}
        action={
          <Button size="small" onClick={check.retry}>
            {t('scan.verdict.retry')}
          </Button>
        }
      />
    );
  }

  const { result, restored } = state;
  // A typing mistake is not a scan of a label worth placing: the person is asked to type it again instead.
  const misread = result.verdict === 'CHECK_FAILED';
  if (result.needsHiddenCode) {
    // The first answer only says digits are needed; the mismatch banner appears once digits were given.
    return (
      <div className="scan-result">
        {state.withHiddenCode && <VerdictBanner result={result} />}
        <HiddenCodeForm length={result.hiddenCodeLength} onSubmit={check.submitHiddenCode} />
      </div>
    );
  }
  return (
    <ResultView
      result={result}
      hiddenCode={state.hiddenCode}
      retype={
        // The manual entry, with the text as it was read, so one wrong character is all there is to fix.
        <Link to={`/mobilePhone?${SCAN_CODE_PARAM}=${encodeURIComponent(result.code)}`} className="scan-verdict__button" data-testid="verdict-retype">
          {t('scan.verdict.retype')}
        </Link>
      }
      afterBanner={
        <>
          {restored && <p className="scan-muted scan-restored" data-testid="scan-restored">{t('scan.verdict.restored')}</p>}
          {result.scanToken && !misread && <PositionPrompt code={check.code} scanToken={result.scanToken} tappedEarly={state.geoTap} />}
        </>
      }
    />
  );
}
