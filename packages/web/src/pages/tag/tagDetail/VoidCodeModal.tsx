import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { VOID_REASON_MAX } from '@rd/contract';
import { voidCode } from '../../../api/code';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';

export interface VoidCodeModalProps {
  code: { id: string; code: string };
  onClose: () => void;
  onVoided: () => void;
}

/** Asks why a code is voided (required, at most 200 characters), then voids it. */
export function VoidCodeModal({ code, onClose, onVoided }: VoidCodeModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const save = useFormSave({
    form,
    fields: ['reason'],
    save: ({ reason }) => voidCode({ id: code.id, reason: reason.trim() }),
    onSaved: onVoided,
  });
  return (
    <FormModal title={`${t('tagDetail.voidTitle')}：${code.code}`} form={form} saving={save.isPending} onClose={onClose}>
      <Alert type="warning" showIcon title={t('tagDetail.voidHint')} style={{ marginBottom: 16 }} />
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
