import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { HIDDEN_CODE_MAX } from '@rd/contract';

/** Hidden codes are digits of an HMAC (codeMaker.hiddenCode); blanks around them are forgiven. */
export const HIDDEN_CODE_PATTERN = /^\s*\d+\s*$/;

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
  return (
    <section className="scan-section scan-hidden" data-testid="hidden-code-form">
      <h2 className="scan-section__title">{t('scan.hidden.title')}</h2>
      <p className="scan-muted">{t('scan.hidden.hint')}</p>
      <Form<{ hiddenCode: string }> layout="vertical" requiredMark={false} onFinish={({ hiddenCode }) => onSubmit(hiddenCode.trim())}>
        <Form.Item
          name="hiddenCode"
          label={t('scan.hidden.label')}
          rules={[
            { required: true, whitespace: true, message: t('scan.hidden.required') },
            { pattern: HIDDEN_CODE_PATTERN, message: t('scan.entry.hiddenCodeInvalid', { max }) },
            { max, message: t('scan.entry.hiddenCodeInvalid', { max }) },
          ]}
        >
          <Input
            size="large"
            maxLength={max}
            autoComplete="one-time-code"
            inputMode="numeric"
            data-testid="hidden-code-input"
          />
        </Form.Item>
        <Button type="primary" size="large" htmlType="submit" block data-testid="hidden-code-submit">
          {t('scan.hidden.submit')}
        </Button>
      </Form>
    </section>
  );
}
