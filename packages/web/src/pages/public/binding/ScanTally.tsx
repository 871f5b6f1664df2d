import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type TallyKind = 'ok' | 'error' | 'info';

export interface TallyEntry {
  /** Unique per entry: the same code may be scanned more than once. */
  key: number;
  code: string;
  kind: TallyKind;
  message: string;
}

const ICONS = { ok: <CheckCircleFilled />, error: <CloseCircleFilled />, info: <InfoCircleFilled /> };

/** The running list of scans, newest first: code, outcome and the reason when it failed. */
export function ScanTally({ entries }: { entries: readonly TallyEntry[] }) {
  const { t } = useTranslation();
  return (
    <div className="public-card">
      <h3 className="binding-heading">{t('binding.tally.title')}</h3>
      {entries.length === 0 ? (
        <p className="binding-muted">{t('binding.tally.empty')}</p>
      ) : (
        <ul className="scan-tally" data-testid="scan-tally">
          {entries.map((entry) => (
            <li key={entry.key} className={`scan-tally__row scan-tally__row--${entry.kind}`} data-testid={`tally-${entry.kind}`}>
              <span className="scan-tally__icon" aria-label={t(`binding.tally.${entry.kind}`)}>
                {ICONS[entry.kind]}
              </span>
              <span className="scan-tally__code">{entry.code}</span>
              <span className="scan-tally__message">{entry.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

let nextKey = 0;

/** A tally entry with a fresh key. */
export function tallyEntry(code: string, kind: TallyKind, message: string): TallyEntry {
  nextKey += 1;
  return { key: nextKey, code, kind, message };
}

/** Entries kept on screen; older ones scroll away (the server keeps the full history). */
export const TALLY_KEEP = 100;

export function addEntry(entries: readonly TallyEntry[], entry: TallyEntry): TallyEntry[] {
  return [entry, ...entries].slice(0, TALLY_KEEP);
}
