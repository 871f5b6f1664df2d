import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../shell/PublicShell';
import { CodeCheck } from '../scan/CodeCheck';
import { CodeEntryForm, type CodeEntry } from '../scan/CodeEntryForm';
import { Button } from '../ui/Button';

/** /mobilePhone — a code (and its scratch-off digits) typed by hand, then the same result as a scan. */
export default function MobilePhone() {
  const { t } = useTranslation();
  const [entry, setEntry] = useState<CodeEntry | null>(null);
  return (
    <PublicShell title={t('scan.title.manual')}>
      {entry ? (
        <>
          <CodeCheck key={`${entry.code}|${entry.hiddenCode ?? ''}`} code={entry.code} hiddenCode={entry.hiddenCode} />
          <Button block size="large" className="scan-again" onClick={() => setEntry(null)} data-testid="entry-again">
            {t('scan.entry.again')}
          </Button>
        </>
      ) : (
        <CodeEntryForm onSubmit={setEntry} />
      )}
    </PublicShell>
  );
}
