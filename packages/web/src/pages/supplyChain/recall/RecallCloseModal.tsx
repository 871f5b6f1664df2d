import { Alert, App, Form, Input, Radio } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECALL_CLOSE_DISPOSITIONS, RECALL_SUMMARY_MAX, type RecallCloseDisposition, type RecallDetail, type RecallRow } from '@rd/contract';
import { RECALLS_QUERY_KEY, closeRecall, fetchRecall } from '../../../api/recall';
import { isHttpError } from '../../../api/HttpError';
import { useFieldRules } from '../../../components/fieldRules';
import { FormModal } from '../../../components/FormModal';

interface CloseValues {
  summary: string;
  disposition?: RecallCloseDisposition;
}

/** How often the dialog looks again while the recalled events are written. */
const POLL_MS = 1000;

/** The recalled events still being written, with how far they are; undefined when none are. */
function writingEvents(recall: RecallDetail | undefined) {
  return recall?.jobs.find((job) => job.kind === 'RECALLED' && (job.status === 'QUEUED' || job.status === 'RUNNING'));
}

/**
 * Ends a recall: an active one with a summary and what becomes of what is left (destroyed, cleared, or off
 * sale — written for its items as their EPCIS disposition); a draft is withdrawn with a summary only.
 */
export function RecallCloseModal({ recall, onClose }: { recall: Pick<RecallRow, 'id' | 'recallNo' | 'state'>; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CloseValues>();
  const active = recall.state === 'ACTIVE';
  // The recalled events of an activation are written first (the server refuses to close before): while they are,
  // the dialog says how far they are and waits, so nobody meets a refusal.
  const detail = useQuery({
    queryKey: [...RECALLS_QUERY_KEY, 'one', recall.id],
    queryFn: () => fetchRecall(recall.id),
    enabled: active,
    refetchInterval: (query) => (writingEvents(query.state.data) ? POLL_MS : false),
  });
  const writing = active ? writingEvents(detail.data) : undefined;
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
    <FormModal title={t(active ? 'recall.closeTitle' : 'recall.withdrawTitle', { recallNo: recall.recallNo })} form={form} saving={close.isPending} onClose={onClose} width={600} okDisabled={writing !== undefined}>
      <Alert type="warning" showIcon message={t('recall.closeHint')} style={{ marginBottom: 16 }} />
      {writing && (
        <Alert
          type="info"
          showIcon
          message={t('recall.eventsUnderWay', { progress: writing.progress, total: detail.data?.codeCount ?? 0 })}
          style={{ marginBottom: 16 }}
          data-testid="recall-close-waiting"
        />
      )}
      <Form<CloseValues> form={form} layout="vertical" onFinish={(values) => close.mutate(values)} data-testid="recall-close-form">
        {active && (
          <Form.Item name="disposition" label={t('recall.disposition')} rules={[rules.requiredChoice(t('recall.disposition'))]}>
            <Radio.Group options={RECALL_CLOSE_DISPOSITIONS.map((d) => ({ value: d, label: t(`recall.dispositions.${d}`) }))} data-testid="recall-disposition" />
          </Form.Item>
        )}
        <Form.Item name="summary" label={t('recall.summary')} rules={[rules.required(t('recall.summary'))]}>
          <Input.TextArea rows={4} maxLength={RECALL_SUMMARY_MAX} showCount data-testid="recall-summary" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
