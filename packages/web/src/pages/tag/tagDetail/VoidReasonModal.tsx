import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { VOID_REASON_MAX } from '@rd/contract';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';

export interface VoidReasonModalProps {
  /** What is voided: one code, or every code of a job. */
  title: string;
  /** What voiding means here, above the reason. */
  hint: string;
  /** Voids with the reason given (trimmed); a refusal's field errors show under the reason. */
  save: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onVoided: () => void;
}

/** Asks why codes are voided (required, at most 200 characters, kept on every code), then voids them. */
export function VoidReasonModal({ title, hint, save: voidWith, onClose, onVoided }: VoidReasonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const save = useFormSave({
    form,
    fields: ['reason'],
    save: ({ reason }) => voidWith(reason.trim()),
    onSaved: onVoided,
  });
  return (
    <FormModal title={title} form={form} saving={save.isPending} onClose={onClose}>
      <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} data-testid="void-code-form">
        <Form.Item
          name="reason"
          label={t('tagDetail.reason')}
          rules={[{ required: true, whitespace: true, message: t('tagDetail.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={VOID_REASON_MAX} showCount placeholder={t('tagDetail.reasonPlaceholder')} data-testid="void-code-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
