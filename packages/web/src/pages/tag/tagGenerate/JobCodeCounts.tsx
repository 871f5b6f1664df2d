import { useTranslation } from 'react-i18next';
import type { CodeRecordRow } from '@rd/contract';
import { formatCount } from './formatCount';

/**
 * A job's codes by state, apart: bound to a batch, in force, voided. A job made for a batch has all its codes
 * bound at once, yet none in force until they are activated.
 */
export function JobCodeCounts({ row }: { row: Pick<CodeRecordRow, 'id' | 'boundCount' | 'activatedCount' | 'voidedCount'> }) {
  const { t } = useTranslation();
  return (
    <div className="job-progress__count" data-testid={`job-counts-${row.id}`}>
      <div>{t('tagGenerate.counts.bound', { n: formatCount(row.boundCount) })}</div>
      <div>{t('tagGenerate.counts.activated', { n: formatCount(row.activatedCount) })}</div>
      <div>{t('tagGenerate.counts.voided', { n: formatCount(row.voidedCount) })}</div>
    </div>
  );
}
