import { useCallback, useState } from 'react';
import { Alert, Button, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchBoxContents, packItems, refusalText, unpackItems } from '../../api/binding';
import { normaliseScannedCode } from '@rd/contract';
import { CodeScanner } from '../../components/scan/CodeScanner';
import { signalRefusal } from '../../components/scan/refusalSignal';
import { PublicShell } from '../../public/shell/PublicShell';
import { CompanyStaffOnly, StaffSignIn } from './shell/StaffSignIn';
import { BindingHint } from './binding/BindingHint';
import { ScanTally, addEntry, tallyEntry, type TallyEntry } from './binding/ScanTally';
import { Stat } from '../../public/ui/Stat';
import { useScanQueue } from './binding/useScanQueue';
import '../../public/box/binding.css';

/**
 * /codeBinding: packing on the production line. The worker signs in on the page, scans a box code, then
 * the items going into it; each scan is saved at once (one item per call, so a refusal names exactly the
 * label in the worker's hand). "Undo last" takes the last packed item out again, or puts an item moved
 * here back into the box it came from; "Finish box" starts on the next box. Items already in another box
 * are refused unless the move switch is on. A refused label is told three ways, for a worker whose eyes are
 * on the goods: a low double beep and a buzz, a red banner under the scanner naming the label and the
 * reason (until the next label goes in), and a red row in the tally. The server refuses what shipping would
 * refuse the box for later — an item not in force, one already shipped or on an open order.
 */
export default function CodeBinding() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('binding.title.pack')}>
      <BindingHint page="pack" />
      <StaffSignIn>{(user) => (user.merchantCode ? <PackBoxes /> : <CompanyStaffOnly />)}</StaffSignIn>
    </PublicShell>
  );
}

interface OpenBox {
  code: string;
  itemCount: number;
}

/** An item packed during this visit; `fromBox` when it was moved here from another box. */
interface PackedItem {
  code: string;
  fromBox?: string;
}

function PackBoxes() {
  const { t } = useTranslation();
  const [box, setBox] = useState<OpenBox | null>(null);
  const [boxError, setBoxError] = useState('');
  const [finished, setFinished] = useState<OpenBox | null>(null);
  const [move, setMove] = useState(false);
  const [entries, setEntries] = useState<TallyEntry[]>([]);
  /** Items packed into the open box during this visit, last on top: what "Undo last" takes back. */
  const [packedHere, setPackedHere] = useState<PackedItem[]>([]);
  /** The last label refused, shown under the scanner until the next one goes in. */
  const [refusal, setRefusal] = useState<{ code: string; reason: string } | null>(null);

  const openBox = useCallback(
    async (code: string) => {
      setBoxError('');
      try {
        const contents = await fetchBoxContents(code, 1, 1);
        setBox({ code: contents.box.code, itemCount: contents.total });
        setFinished(null);
        setPackedHere([]);
        setEntries([]);
        setRefusal(null);
      } catch (error) {
        setBoxError(`${code}: ${refusalText(error, t('binding.failed'))}`);
      }
    },
    [t],
  );

  const packOne = useCallback(
    async (scanned: string) => {
      if (!box) return;
      // listed and kept as the server reads it (upper case), not as it was typed
      const code = normaliseScannedCode(scanned);
      const note = (kind: TallyEntry['kind'], message: string) => setEntries((list) => addEntry(list, tallyEntry(code, kind, message)));
      try {
        const result = await packItems({ boxCode: box.code, itemCodes: [code], move });
        setBox({ code: box.code, itemCount: result.itemCount });
        setRefusal(null);
        if (result.unchanged > 0) note('info', t('binding.pack.unchanged'));
        else {
          note('ok', result.moved > 0 ? t('binding.pack.moved') : t('binding.pack.packed'));
          const fromBox = result.movedFrom[0]?.boxCode;
          setPackedHere((stack) => [...stack, { code, ...(fromBox ? { fromBox } : {}) }]);
        }
      } catch (error) {
        signalRefusal();
        const reason = refusalText(error, t('binding.failed'));
        setRefusal({ code, reason });
        note('error', reason);
      }
    },
    [box, move, t],
  );
  const { push, busy } = useScanQueue(packOne);

  const undoLast = async () => {
    const last = packedHere[packedHere.length - 1];
    if (!box || !last) return;
    try {
      let itemCount: number;
      if (last.fromBox) {
        // moved here: moving it back restores the box it was taken from, which unpacking would leave short
        await packItems({ boxCode: last.fromBox, itemCodes: [last.code], move: true });
        itemCount = (await fetchBoxContents(box.code, 1, 1)).total;
      } else {
        itemCount = (await unpackItems({ boxCode: box.code, itemCodes: [last.code] })).itemCount;
      }
      setPackedHere((stack) => stack.slice(0, -1));
      setBox({ code: box.code, itemCount });
      const message = last.fromBox ? t('binding.undoMoved', { code: last.code, box: last.fromBox }) : t('binding.undoDone', { code: last.code });
      setEntries((list) => addEntry(list, tallyEntry(last.code, 'info', message)));
    } catch (error) {
      setEntries((list) => addEntry(list, tallyEntry(last.code, 'error', refusalText(error, t('binding.failed')))));
    }
  };

  const finish = () => {
    setFinished(box);
    setBox(null);
    setPackedHere([]);
  };

  if (!box) {
    return (
      <>
        {finished && (
          <Alert
            type="success"
            showIcon
            className="binding-field"
            title={t('binding.pack.finished', { box: finished.code, count: finished.itemCount })}
            description={<Link to={`/boxCodeView?code=${encodeURIComponent(finished.code)}`}>{t('binding.pack.viewBox')}</Link>}
            data-testid="box-finished"
          />
        )}
        <div className="public-card">
          <h3 className="binding-heading">{t('binding.pack.step1')}</h3>
          <CodeScanner key="box" onScan={(code) => void openBox(code)} placeholder={t('binding.pack.boxPlaceholder')} testId="box-scan-input" />
          {boxError && <Alert type="error" showIcon title={boxError} style={{ marginTop: 8 }} data-testid="box-error" />}
        </div>
      </>
    );
  }

  return (
    <>
      <div className="public-card">
        <div className="pub-stats">
          <Stat label={t('binding.pack.box')} value={box.code} testId="open-box" />
          <Stat label={t('binding.pack.inBox')} value={box.itemCount} testId="box-count" />
          <Stat label={t('binding.pack.packedNow')} value={packedHere.length} testId="packed-now" />
        </div>
        <h3 className="binding-heading">{t('binding.pack.step2')}</h3>
        <CodeScanner key="items" onScan={push} placeholder={t('binding.pack.itemPlaceholder')} />
        {refusal && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="binding-refusal"
            title={t('binding.pack.refused', { code: refusal.code })}
            description={refusal.reason}
            data-testid="pack-refusal"
          />
        )}
        <label className="binding-actions">
          <Switch size="small" checked={move} onChange={setMove} data-testid="move-switch" /> {t('binding.pack.move')}
        </label>
        <div className="binding-actions">
          <Button onClick={() => void undoLast()} disabled={packedHere.length === 0 || busy} data-testid="undo-last">
            {t('binding.undo')}
          </Button>
          <Button type="primary" onClick={finish} disabled={busy} data-testid="finish-box">
            {t('binding.pack.finish')}
          </Button>
        </div>
      </div>
      <ScanTally entries={entries} />
    </>
  );
}
