import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxContentsPage, BoxItemRow } from '../../api/binding';
import { isHttpError, refusalText } from '../../api/HttpError';
import { formatDateTime } from '../../utils/format';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Skeleton';
import { Stat } from '../ui/Stat';
import { BoxHistory } from './BoxHistory';
import { PublicBoxView } from './PublicBoxView';
import { fetchBoxContents, unpackWholeBox } from './boxApi';

const PAGE_SIZE = 50;

interface Contents {
  first: BoxContentsPage;
  items: BoxItemRow[];
}

/**
 * Every item of a box of the staff member's company, page by page, with unpacking the whole box. An item not
 * in force (packed before packing refused such items, or voided since) is marked: shipping refuses its box.
 */
export function StaffBoxView({ code }: { code: string }) {
  const { t } = useTranslation();
  const [contents, setContents] = useState<Contents | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [historyVersion, setHistoryVersion] = useState(0);

  const reload = useCallback(() => {
    let current = true;
    fetchBoxContents(code, 1, PAGE_SIZE).then(
      (first) => current && (setContents({ first, items: first.list }), setError(null)),
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [code]);
  useEffect(reload, [reload]);

  if (error && isHttpError(error) && error.code === 'NOT_FOUND') return <PublicBoxView code={code} />;
  if (error) return <Alert type="error" title={refusalText(error, t('binding.failed'))} data-testid="box-view-error" />;
  if (!contents) return <Spinner label={t('scan.verdict.checking')} />;

  const { first, items } = contents;
  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await fetchBoxContents(code, Math.floor(items.length / PAGE_SIZE) + 1, PAGE_SIZE);
      setContents({ first, items: [...items, ...next.list] });
    } catch (failure) {
      setError(failure);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <div className="public-card" data-testid="box-staff-view">
        <div className="pub-stats">
          <Stat label={t('binding.pack.box')} value={first.box.code} />
          <Stat label={t('binding.pack.inBox')} value={first.total} testId="box-view-count" />
        </div>
        {items.length === 0 ? (
          <p className="binding-muted">{t('binding.view.empty')}</p>
        ) : (
          <ul className="box-items">
            {items.map((item) => (
              <li key={item.codeId} className="box-items__row" data-testid="box-item">
                <div className="box-items__code">{item.itemCode}</div>
                <div className="box-items__meta">
                  {item.productName ?? t('binding.view.noProduct')}
                  {item.batchNo ? ` · ${t('binding.view.batch')} ${item.batchNo}` : ''} · {formatDateTime(item.packedAt)}
                  {item.packedBy ? ` · ${item.packedBy}` : ''}
                </div>
                {/* packed before packing refused such items: the box cannot ship until it is bound or taken out */}
                {item.status !== 'ACTIVATED' && (
                  <div className="box-items__warning" data-testid="box-item-not-activated">
                    {t(item.status === 'VOIDED' ? 'binding.view.voided' : 'binding.view.notActivated')}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {items.length < first.total && (
          <Button block onClick={() => void loadMore()} loading={loadingMore} className="box-more">
            {t('binding.view.loadMore')}
          </Button>
        )}
        {items.length > 0 && (
          <UnpackAll
            boxCode={first.box.code}
            count={first.total}
            onDone={() => {
              reload();
              setHistoryVersion((v) => v + 1);
            }}
          />
        )}
      </div>
      <BoxHistory key={historyVersion} boxCode={first.box.code} />
    </>
  );
}

/** Takes every item out of the box, after the person confirmed in place. */
function UnpackAll({ boxCode, count, onDone }: { boxCode: string; count: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'idle' | 'confirm' | 'working'>('idle');
  const [error, setError] = useState<unknown>(null);
  const unpack = async () => {
    setStep('working');
    setError(null);
    try {
      await unpackWholeBox(boxCode);
    } catch (failure) {
      setError(failure);
    } finally {
      setStep('idle');
      onDone();
    }
  };
  return (
    <div className="box-unpack">
      {step === 'confirm' ? (
        <div className="box-unpack__confirm" role="group" aria-label={t('binding.view.unpackAll')}>
          <p>{t('binding.view.unpackConfirm', { count })}</p>
          <div className="binding-actions">
            <Button variant="danger" onClick={() => void unpack()} data-testid="box-unpack-confirm">
              {t('common.confirm')}
            </Button>
            <Button onClick={() => setStep('idle')}>{t('common.cancel')}</Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" block loading={step === 'working'} onClick={() => setStep('confirm')} data-testid="box-unpack-all">
          {t('binding.view.unpackAll')}
        </Button>
      )}
      {error !== null && <Alert type="error" title={refusalText(error, t('binding.failed'))} className="box-unpack__error" />}
    </div>
  );
}
