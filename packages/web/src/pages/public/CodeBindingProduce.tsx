import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BINDING_UNDO_MINUTES, normaliseScannedCode, type BindableBatch } from '@rd/contract';
import { bindToBatch, fetchBindableBatches, refusalText, undoBatchBinding } from '../../api/binding';
import { CodeScanner } from '../../components/scan/CodeScanner';
import { PublicShell } from '../../public/shell/PublicShell';
import { CompanyStaffOnly, StaffSignIn } from './shell/StaffSignIn';
import { BindingHint } from './binding/BindingHint';
import { linkedBatchId, preselection, type Preselection } from './binding/bindingLinks';
import { ScanTally, addEntry, tallyEntry, type TallyEntry } from './binding/ScanTally';
import { Stat } from '../../public/ui/Stat';
import { useScanQueue } from './binding/useScanQueue';
import '../../public/box/binding.css';

/**
 * /codeBindingProduce: binding item codes to a product batch on the line, which puts them in force. The
 * worker signs in, picks the product and batch, then scans; each code is bound at once and the tally
 * shows the outcome. "Undo last" takes back the last binding (allowed for a few minutes, while no
 * consumer has scanned the code). A link from the portal names the batch (?batchId=, and ?productId=),
 * which is then picked already (bindingLinks.ts).
 */
export default function CodeBindingProduce() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('binding.title.produce')}>
      <BindingHint page="produce" />
      <StaffSignIn>{(user) => (user.merchantCode ? <BindToBatch key={user.userId} /> : <CompanyStaffOnly />)}</StaffSignIn>
    </PublicShell>
  );
}

function BindToBatch() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const linked = linkedBatchId(search);
  const batches = useQuery({ queryKey: ['bindableBatches', linked ?? null], queryFn: () => fetchBindableBatches(linked) });

  if (batches.isPending) return <Spin />;
  if (batches.isError) return <Alert type="error" showIcon title={refusalText(batches.error, t('binding.failed'))} />;
  if (batches.data.length === 0) return <Alert type="info" showIcon title={t('binding.produce.noBatches')} />;
  return <BindForm key={search.toString()} batches={batches.data} start={preselection(search, batches.data)} />;
}

function BindForm({ batches, start }: { batches: readonly BindableBatch[]; start: Preselection }) {
  const { t } = useTranslation();
  const [productId, setProductId] = useState(start.productId);
  const [batchId, setBatchId] = useState(start.batchId);
  const [entries, setEntries] = useState<TallyEntry[]>([]);
  const [boundHere, setBoundHere] = useState<string[]>([]);

  const products = useMemo(() => distinctProducts(batches), [batches]);
  const batchOptions = batches
    .filter((b) => b.productId === productId)
    .map((b) => ({ value: b.batchId, label: b.productionDate ? `${b.batchNo} (${b.productionDate})` : b.batchNo }));

  const bindOne = useCallback(
    async (scanned: string) => {
      if (!batchId) return;
      // listed and kept as the server reads it (upper case), not as it was typed
      const code = normaliseScannedCode(scanned);
      const note = (kind: TallyEntry['kind'], message: string) => setEntries((list) => addEntry(list, tallyEntry(code, kind, message)));
      try {
        const result = await bindToBatch({ batchId, codes: [code] });
        if (result.bound > 0) {
          note('ok', `${t('binding.produce.bound')} · ${result.productName} ${result.batchNo}`);
          setBoundHere((stack) => [...stack, code]);
        } else note('info', t('binding.produce.unchanged'));
      } catch (error) {
        navigator.vibrate?.([80, 60, 80]);
        note('error', refusalText(error, t('binding.failed')));
      }
    },
    [batchId, t],
  );
  const { push, busy } = useScanQueue(bindOne);

  const undoLast = async () => {
    const last = boundHere[boundHere.length - 1];
    if (!last) return;
    try {
      await undoBatchBinding(last);
      setBoundHere((stack) => stack.slice(0, -1));
      setEntries((list) => addEntry(list, tallyEntry(last, 'info', t('binding.undoDone', { code: last }))));
    } catch (error) {
      setEntries((list) => addEntry(list, tallyEntry(last, 'error', refusalText(error, t('binding.failed')))));
    }
  };

  return (
    <>
      {start.missing && <Alert type="warning" showIcon title={t('bindingGuide.linkMissing')} className="binding-field" data-testid="bind-link-missing" />}
      <div className="public-card">
        <div className="binding-field">
          <label htmlFor="bind-product">{t('binding.produce.product')}</label>
          <Select
            id="bind-product"
            style={{ width: '100%' }}
            showSearch={{ optionFilterProp: 'label' }}
            value={productId}
            options={products}
            onChange={(value: string) => {
              setProductId(value);
              setBatchId(undefined);
            }}
            data-testid="bind-product"
          />
        </div>
        <div className="binding-field">
          <label htmlFor="bind-batch">{t('binding.produce.batch')}</label>
          <Select
            id="bind-batch"
            style={{ width: '100%' }}
            showSearch={{ optionFilterProp: 'label' }}
            value={batchId}
            options={batchOptions}
            disabled={!productId}
            onChange={(value: string) => setBatchId(value)}
            data-testid="bind-batch"
          />
        </div>
        {batchId ? (
          <>
            <CodeScanner key={batchId} onScan={push} placeholder={t('binding.produce.itemPlaceholder')} />
            <div className="pub-stats">
              <Stat label={t('binding.produce.boundNow')} value={boundHere.length} testId="bound-now" />
            </div>
            <div className="binding-actions">
              <Button onClick={() => void undoLast()} disabled={boundHere.length === 0 || busy} data-testid="undo-last">
                {t('binding.undo')}
              </Button>
            </div>
            <p className="binding-muted">{t('binding.produce.undoHint', { minutes: BINDING_UNDO_MINUTES })}</p>
          </>
        ) : (
          <p className="binding-muted">{t('binding.produce.pick')}</p>
        )}
      </div>
      <ScanTally entries={entries} />
    </>
  );
}

function distinctProducts(batches: readonly BindableBatch[]) {
  const seen = new Map<string, string>();
  for (const b of batches) if (!seen.has(b.productId)) seen.set(b.productId, b.productName);
  return [...seen].map(([value, label]) => ({ value, label }));
}
