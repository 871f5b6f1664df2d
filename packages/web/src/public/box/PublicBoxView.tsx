import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxSummary } from '@rd/contract';
import { isHttpError, refusalText } from '../../api/HttpError';
import { Alert } from '../ui/Alert';
import { Spinner } from '../ui/Skeleton';
import { Stat } from '../ui/Stat';
import { fetchBoxSummary } from './boxApi';

type SummaryState = { status: 'loading' } | { status: 'done'; summary: BoxSummary } | { status: 'failed'; error: unknown };

/** What anyone may learn from a box label: how many items of which products (never the item codes). */
export function PublicBoxView({ code }: { code: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<SummaryState>({ status: 'loading' });
  // The page starts afresh for another code (ConsumerApp keys it by its address), so this runs once.
  useEffect(() => {
    let current = true;
    fetchBoxSummary(code).then(
      (summary) => current && setState({ status: 'done', summary }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [code]);

  if (state.status === 'loading') return <Spinner label={t('scan.verdict.checking')} />;
  if (state.status === 'failed') {
    const notFound = isHttpError(state.error) && state.error.code === 'NOT_FOUND';
    return <Alert type="warning" title={notFound ? t('binding.view.notFound') : refusalText(state.error, t('binding.failed'))} data-testid="box-view-error" />;
  }
  const { summary } = state;
  return (
    <div className="public-card" data-testid="box-public-view">
      <div className="pub-stats">
        <Stat label={t('binding.pack.box')} value={summary.boxCode} />
        <Stat label={t('binding.pack.inBox')} value={summary.itemCount} testId="box-view-count" />
      </div>
      <ul className="box-items">
        {summary.products.map((p) => (
          <li key={p.productName} className="box-items__row">
            {p.productName || t('binding.view.noProduct')} × {p.count}
          </li>
        ))}
      </ul>
    </div>
  );
}
