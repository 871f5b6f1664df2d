import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { HIDDEN_CODE_MAX, SCAN_CODE_MAX } from '@rd/contract/consumer';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { hiddenCodeProblem } from './HiddenCodeForm';
import { useTypingCheck, type TypingCheck } from './codeShapes';
import './scan.css';

export interface CodeEntry {
  code: string;
  hiddenCode?: string;
}

/**
 * Printed codes: letters, digits and dashes (every rule's alphabet). Blanks are forgiven, around the code and
 * between groups of characters copied as printed: the server reads a typed code without them.
 */
const CODE_PATTERN = /^[0-9A-Za-z\s-]+$/;

/** The problem with a typed code, '' when it may be sent. */
function codeProblem(code: string, isMistake: TypingCheck | null, t: TFunction): string {
  const text = code.trim();
  if (text === '') return t('scan.entry.codeRequired');
  if (!CODE_PATTERN.test(text) || text.length > SCAN_CODE_MAX) return t('scan.entry.codeInvalid', { max: SCAN_CODE_MAX });
  // The same words as the server's CHECK_FAILED verdict, said before anything is sent (or counted).
  if (isMistake?.(text)) return t('scan.verdict.CHECK_FAILED');
  return '';
}

/**
 * A code typed by hand, with the scratch-off digits when the label has them. Checked before anything is sent:
 * problems show after the first try and then follow the typing, so a corrected character clears its message.
 * `initialCode` is a code sent back to be corrected (a CHECK_FAILED answer): its problem shows at once.
 */
export function CodeEntryForm({ onSubmit, initialCode = '' }: { onSubmit: (entry: CodeEntry) => void; initialCode?: string }) {
  const { t } = useTranslation();
  const isMistake = useTypingCheck();
  const [code, setCode] = useState(initialCode);
  const [hiddenCode, setHiddenCode] = useState('');
  const [tried, setTried] = useState(initialCode !== '');
  const errors = tried ? { code: codeProblem(code, isMistake, t), hiddenCode: hiddenCodeProblem(hiddenCode, HIDDEN_CODE_MAX, false, t) } : { code: '', hiddenCode: '' };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (codeProblem(code, isMistake, t) || hiddenCodeProblem(hiddenCode, HIDDEN_CODE_MAX, false, t)) return;
    // What the person typed, as typed: the server reads it in the shapes of the codes in use itself.
    onSubmit({ code: code.trim(), hiddenCode: hiddenCode.trim() || undefined });
  };

  return (
    <form
      noValidate
      className="scan-section scan-form"
      data-testid="code-entry-form"
      // whether typing mistakes are told before sending yet (the reading loads after the page)
      data-typing-check={isMistake ? 'ready' : 'pending'}
      onSubmit={submit}
    >
      <p className="scan-muted">{t('scan.entry.hint')}</p>
      <TextField
        label={t('scan.entry.code')}
        size="large"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
        placeholder={t('scan.entry.codePlaceholder')}
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        // Sent back to be corrected: the field is where the person's attention goes next.
        autoFocus={initialCode !== ''}
        data-testid="entry-code"
      />
      <TextField
        label={t('scan.entry.hiddenCode')}
        size="large"
        value={hiddenCode}
        onChange={(event) => setHiddenCode(event.target.value)}
        error={errors.hiddenCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('scan.entry.hiddenCodePlaceholder')}
        data-testid="entry-hidden-code"
      />
      <Button variant="primary" size="large" type="submit" block data-testid="entry-submit">
        {t('scan.entry.submit')}
      </Button>
    </form>
  );
}
