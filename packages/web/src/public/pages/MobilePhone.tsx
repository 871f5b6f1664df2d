import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_CODE_PARAM } from '@rd/contract/consumer';
import { PublicShell } from '../shell/PublicShell';
import { CodeCheck } from '../scan/CodeCheck';
import { CodeEntryForm, type CodeEntry } from '../scan/CodeEntryForm';
import { Button } from '../ui/Button';

/**
 * /mobilePhone — a code (and its scratch-off digits) typed by hand, then the same result as a scan.
 * /mobilePhone?code=… is a code sent back to be typed again (a misread one): the field starts with it.
 */
export default function MobilePhone({ query }: { query?: URLSearchParams }) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState<CodeEntry | null>(null);
  // Only the first form starts with the code sent back; "check another code" starts empty.
  const [initialCode, setInitialCode] = useState(() => query?.get(SCAN_CODE_PARAM)?.trim() ?? '');
  const again = () => {
    setInitialCode('');
    setEntry(null);
  };
  return (
    <PublicShell title={t('scan.title.manual')}>
      {entry ? (
        <>
          <CodeCheck key={`${entry.code}|${entry.hiddenCode ?? ''}`} code={entry.code} hiddenCode={entry.hiddenCode} />
          <Button block size="large" className="scan-again" onClick={again} data-testid="entry-again">
            {t('scan.entry.again')}
          </Button>
        </>
      ) : (
        <CodeEntryForm onSubmit={setEntry} initialCode={initialCode} />
      )}
    </PublicShell>
  );
}
