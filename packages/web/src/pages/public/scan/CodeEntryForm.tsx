import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { HIDDEN_CODE_MAX, SCAN_CODE_MAX } from '@rd/contract';
import { HIDDEN_CODE_PATTERN } from './HiddenCodeForm';

export interface CodeEntry {
  code: string;
  hiddenCode?: string;
}

/** Printed codes: letters, digits and dashes (every rule's alphabet); blanks around them are forgiven. */
const CODE_PATTERN = /^\s*[0-9A-Za-z-]+\s*$/;

/** A code typed by hand, with the scratch-off digits when the label has them. */
export function CodeEntryForm({ onSubmit }: { onSubmit: (entry: CodeEntry) => void }) {
  const { t } = useTranslation();
  return (
    <Form<CodeEntry>
      layout="vertical"
      requiredMark={false}
      className="scan-section"
      data-testid="code-entry-form"
      onFinish={({ code, hiddenCode }) => onSubmit({ code: code.trim(), hiddenCode: hiddenCode?.trim() || undefined })}
    >
      <p className="scan-muted">{t('scan.entry.hint')}</p>
      <Form.Item
        name="code"
        label={t('scan.entry.code')}
        rules={[
          { required: true, whitespace: true, message: t('scan.entry.codeRequired') },
          { pattern: CODE_PATTERN, message: t('scan.entry.codeInvalid', { max: SCAN_CODE_MAX }) },
          { max: SCAN_CODE_MAX, message: t('scan.entry.codeInvalid', { max: SCAN_CODE_MAX }) },
        ]}
      >
        <Input
          size="large"
          placeholder={t('scan.entry.codePlaceholder')}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          data-testid="entry-code"
        />
      </Form.Item>
      <Form.Item
        name="hiddenCode"
        label={t('scan.entry.hiddenCode')}
        rules={[
          { pattern: HIDDEN_CODE_PATTERN, message: t('scan.entry.hiddenCodeInvalid', { max: HIDDEN_CODE_MAX }) },
          { max: HIDDEN_CODE_MAX, message: t('scan.entry.hiddenCodeInvalid', { max: HIDDEN_CODE_MAX }) },
        ]}
      >
        <Input size="large" inputMode="numeric" autoComplete="one-time-code" placeholder={t('scan.entry.hiddenCodePlaceholder')} data-testid="entry-hidden-code" />
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" block data-testid="entry-submit">
        {t('scan.entry.submit')}
      </Button>
    </Form>
  );
}
