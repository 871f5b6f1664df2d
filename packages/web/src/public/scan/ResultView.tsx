import type { ReactNode } from 'react';
import type { ScanCheckResult } from '@rd/contract';
import { VerdictBanner } from './VerdictBanner';
import { ProductSection } from './ProductSection';
import { BatchSection } from './BatchSection';
import { GrowerSection } from './GrowerSection';
import { CompanySection } from './CompanySection';
import { TraceSection } from './TraceSection';

/**
 * Everything a check answered, verdict first: the banner never waits for pictures, and each part
 * appears only when the server sent it (unknown codes tell nothing about any product).
 */
export function ResultView({ result, afterBanner, hiddenCode }: { result: ScanCheckResult; afterBanner?: ReactNode; hiddenCode?: string }) {
  return (
    <div className="scan-result" data-testid="scan-result">
      <VerdictBanner result={result} />
      {afterBanner}
      {result.product && <ProductSection product={result.product} />}
      {result.batch && <BatchSection batch={result.batch} />}
      {result.grower && <GrowerSection grower={result.grower} />}
      {(result.verdict === 'GENUINE' || result.verdict === 'REPEATED') && <TraceSection code={result.code} hiddenCode={hiddenCode} />}
      {result.company && <CompanySection company={result.company} />}
    </div>
  );
}
