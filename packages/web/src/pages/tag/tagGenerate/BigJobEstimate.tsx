import { QR_DOWNLOAD_MAX_CODES, type CodeRecordEstimate } from '@rd/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatBytes } from './estimateText';
import { formatCount } from './formatCount';

/** What a big job will take, shown before it is queued: an estimated time and its download sizes. */
export function BigJobEstimate({ estimate }: { estimate: CodeRecordEstimate }) {
  const { t } = useTranslation();
  const size = (format: 'csv' | 'txt') => formatBytes(estimate.files.find((f) => f.format === format)?.bytes ?? 0);
  const timeKey = estimate.rateSource === 'MEASURED' ? 'tagGenerate.estimate.time' : 'tagGenerate.estimate.timeReference';
  return (
    <div data-testid="generate-estimate">
      <p>{t(timeKey, { duration: formatDuration(estimate.seconds, t), rate: formatCount(estimate.codesPerSecond) })}</p>
      <p>{t('tagGenerate.estimate.sizes', { csv: size('csv'), txt: size('txt') })}</p>
      {estimate.quantity > QR_DOWNLOAD_MAX_CODES && <p>{t('tagGenerate.estimate.limitsQr', { qr: formatCount(QR_DOWNLOAD_MAX_CODES) })}</p>}
    </div>
  );
}
