import { Alert, App, Form, Input, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECALL_CLOSE_DISPOSITIONS, RECALL_SUMMARY_MAX, type RecallCloseDisposition, type RecallRow } from '@rd/contract';
import { RECALLS_QUERY_KEY, closeRecall } from '../../../api/recall';
import { isHttpError } from '../../../api/HttpError';
import { FormModal } from '../../../components/FormModal';

interface CloseValues {
  summary: string;
  disposition?: RecallCloseDisposition;
}

/**
 * Ends a recall: an active one with a summary and what becomes of what is left (destroyed, cleared, or off
 * sale — written for its items as their EPCIS disposition); a draft is withdrawn with a summary only.
 */
export function RecallCloseModal({ recall, onClose }: { recall: Pick<RecallRow, 'id' | 'recallNo' | 'state'>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CloseValues>();
  const active = recall.state === 'ACTIVE';
  const close = useMutation({
    mutationFn: (values: CloseValues) => closeRecall({ id: recall.id, summary: values.summary, ...(active ? { disposition: values.disposition } : {}) }),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: RECALLS_QUERY_KEY });
      onClose();
    },
    onError: (error) => {
      if (isHttpError(error)) form.setFields(error.errors.map((e) => ({ name: e.field as keyof CloseValues, errors: [e.message] })));
    },
  });
  return (
    <FormModal title={t(active ? 'recall.closeTitle' : 'recall.withdrawTitle', { recallNo: recall.recallNo })} form={form} saving={close.isPending} onClose={onClose} width={600}>
      <Alert type="warning" showIcon message={t('recall.closeHint')} style={{ marginBottom: 16 }} />
      <Form<CloseValues> form={form} layout="vertical" onFinish={(values) => close.mutate(values)} data-testid="recall-close-form">
        {active && (
          <Form.Item name="disposition" label={t('recall.disposition')} rules={[{ required: true, message: t('validation.required') }]}>
            <Radio.Group options={RECALL_CLOSE_DISPOSITIONS.map((d) => ({ value: d, label: t(`recall.dispositions.${d}`) }))} data-testid="recall-disposition" />
          </Form.Item>
        )}
        <Form.Item name="summary" label={t('recall.summary')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input.TextArea rows={4} maxLength={RECALL_SUMMARY_MAX} showCount data-testid="recall-summary" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
