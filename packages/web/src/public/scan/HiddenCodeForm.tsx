import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HIDDEN_CODE_MAX } from '@rd/contract/consumer';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

/** Hidden codes are digits of an HMAC (codeMaker.hiddenCode); blanks around them are forgiven. */
export const HIDDEN_CODE_PATTERN = /^\s*\d+\s*$/;

/** The problem with typed scratch-off digits, '' when they may be sent (`required`: the form asks only for them). */
export function hiddenCodeProblem(value: string, max: number, required: boolean, t: (key: 'scan.hidden.required' | 'scan.entry.hiddenCodeInvalid', options?: { max: number }) => string): string {
  const digits = value.trim();
  if (digits === '') return required ? t('scan.hidden.required') : '';
  return HIDDEN_CODE_PATTERN.test(value) && digits.length <= max ? '' : t('scan.entry.hiddenCodeInvalid', { max });
}

/** The scratch-off code (digits), asked for when the code's rule prints one; the phone shows its number pad. */
export function HiddenCodeForm({
  length,
  onSubmit,
}: {
  /** Characters the rule's hidden code has (0 when not told). */
  length: number;
  onSubmit: (hiddenCode: string) => void;
}) {
  const { t } = useTranslation();
  const max = length > 0 ? length : HIDDEN_CODE_MAX;
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = hiddenCodeProblem(value, max, true, t);
    setError(problem);
    if (!problem) onSubmit(value.trim());
  };

  return (
    <section className="scan-section scan-hidden" data-testid="hidden-code-form">
      <h2 className="scan-section__title">{t('scan.hidden.title')}</h2>
      <p className="scan-muted">{t('scan.hidden.hint')}</p>
      <form noValidate onSubmit={submit} className="scan-form">
        <TextField
          label={t('scan.hidden.label')}
          size="large"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          maxLength={max}
          autoComplete="one-time-code"
          inputMode="numeric"
          data-testid="hidden-code-input"
        />
        <Button variant="primary" size="large" type="submit" block data-testid="hidden-code-submit">
          {t('scan.hidden.submit')}
        </Button>
      </form>
    </section>
  );
}
