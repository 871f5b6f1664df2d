import type { ReactNode } from 'react';
import type { ScanCheckResult } from '@rd/contract';
import { VerdictBanner } from './VerdictBanner';
import { ExpiredNotice, RecallBanner } from './VerdictNotices';
import { ProductSection } from './ProductSection';
import { BatchSection } from './BatchSection';
import { GrowerSection } from './GrowerSection';
import { CompanySection } from './CompanySection';
import { TraceSection } from './TraceSection';
import './scan.css';

/**
 * Everything a check answered, verdict first: the banner never waits for pictures, and each part
 * appears only when the server sent it (unknown codes and typing mistakes tell nothing about any product).
 * A recall comes above the verdict and an expiry right under it, so neither is read past. `retype` is
 * offered in the banner of a typing mistake (CHECK_FAILED).
 */
export function ResultView({
  result,
  afterBanner,
  hiddenCode,
  retype,
}: {
  result: ScanCheckResult;
  afterBanner?: ReactNode;
  hiddenCode?: string;
  retype?: ReactNode;
}) {
  return (
    <div className="scan-result" data-testid="scan-result">
      {/* An answer kept in this tab by an older page has neither field: undefined reads as none. */}
      {result.recall && <RecallBanner recall={result.recall} />}
      <VerdictBanner result={result} action={result.verdict === 'CHECK_FAILED' ? retype : undefined} />
      {result.expiredOn && <ExpiredNotice expiredOn={result.expiredOn} />}
      {afterBanner}
      {result.product && <ProductSection product={result.product} />}
      {result.batch && <BatchSection batch={result.batch} />}
      {result.grower && <GrowerSection grower={result.grower} />}
      {(result.verdict === 'GENUINE' || result.verdict === 'REPEATED') && <TraceSection code={result.code} hiddenCode={hiddenCode} />}
      {result.company && <CompanySection company={result.company} />}
    </div>
  );
}
