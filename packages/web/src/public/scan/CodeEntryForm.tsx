import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HIDDEN_CODE_MAX, SCAN_CODE_MAX } from '@rd/contract/consumer';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { hiddenCodeProblem } from './HiddenCodeForm';

export interface CodeEntry {
  code: string;
  hiddenCode?: string;
}

/** Printed codes: letters, digits and dashes (every rule's alphabet); blanks around them are forgiven. */
const CODE_PATTERN = /^\s*[0-9A-Za-z-]+\s*$/;

/** A code typed by hand, with the scratch-off digits when the label has them. Checked before anything is sent. */
export function CodeEntryForm({ onSubmit }: { onSubmit: (entry: CodeEntry) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [hiddenCode, setHiddenCode] = useState('');
  const [errors, setErrors] = useState({ code: '', hiddenCode: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      code:
        code.trim() === ''
          ? t('scan.entry.codeRequired')
          : CODE_PATTERN.test(code) && code.trim().length <= SCAN_CODE_MAX
            ? ''
            : t('scan.entry.codeInvalid', { max: SCAN_CODE_MAX }),
      hiddenCode: hiddenCodeProblem(hiddenCode, HIDDEN_CODE_MAX, false, t),
    };
    setErrors(found);
    if (!found.code && !found.hiddenCode) onSubmit({ code: code.trim(), hiddenCode: hiddenCode.trim() || undefined });
  };

  return (
    <form noValidate className="scan-section scan-form" data-testid="code-entry-form" onSubmit={submit}>
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
