import { App, Button, Checkbox, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  RECALL_CONTACT_MAX,
  RECALL_INSTRUCTION_MAX,
  RECALL_LEVELS,
  RECALL_LIST_MAX,
  RECALL_REASON_MAX,
  RECALL_SELECTION_KINDS,
  type RecallDetail,
  type RecallLevel,
  type RecallRow,
  type RecallSelection,
  type RecallSelectionKind,
} from '@rd/contract';
import { RECALLS_QUERY_KEY, addRecall, editRecall } from '../../../api/recall';
import { BATCHES_QUERY_KEY, fetchBatchPage } from '../../../api/productBatch';
import { SHIPMENTS_QUERY_KEY, fetchShipmentPage } from '../../../api/supplyChain';
import { isHttpError } from '../../../api/HttpError';
import { useFieldRules } from '../../../components/fieldRules';
import { FormModal } from '../../../components/FormModal';
import { usePermission } from '../../../components/usePermission';
import { codesOfText, readCodesFile } from './codesText';

interface RecallFormValues {
  level: number;
  reason: string;
  instruction: string;
  contact: string;
  changeSelection: boolean;
  kind: RecallSelectionKind;
  batchIds?: string[];
  shipmentId?: string;
  fromCode?: string;
  toCode?: string;
  codesText?: string;
}

/** Offered in the selects: the latest batches and shipped orders (the server checks whatever is sent). */
const OPTIONS_MAX = 500;

function selectionOf(values: RecallFormValues): RecallSelection {
  switch (values.kind) {
    case 'BATCH':
      return { kind: 'BATCH', batchIds: values.batchIds ?? [] };
    case 'SHIPMENT':
      return { kind: 'SHIPMENT', shipmentId: values.shipmentId ?? '' };
    case 'RANGE':
      return { kind: 'RANGE', fromCode: values.fromCode ?? '', toCode: values.toCode ?? '' };
    case 'LIST':
      return { kind: 'LIST', codes: codesOfText(values.codesText ?? '') };
  }
}

/** Where a server field error belongs in this form (selection.batchIds.2 → batchIds, selection.codes.7 → codesText). */
function formField(field: string): keyof RecallFormValues {
  const [head, name] = field.split('.');
  if (head !== 'selection') return head as keyof RecallFormValues;
  if (name === 'codes') return 'codesText';
  if (name === 'batchIds' || name === 'shipmentId' || name === 'fromCode' || name === 'toCode') return name;
  return 'kind';
}

/**
 * A new draft recall, or a draft's changes: level, reason, what consumers should do, contact, and what is recalled
 * (batches, an outbound order, a serial range, or a list of codes typed or read from a file). Editing keeps the
 * selection unless asked to change it. The count of codes follows in the recall's view, once they are gathered.
 */
export function RecallFormModal({ recall, onClose, onSaved }: { recall: RecallRow | null; onClose: () => void; onSaved: (saved: RecallDetail) => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RecallFormValues>();
  const kind = Form.useWatch('kind', form) ?? recall?.selectionKind ?? 'BATCH';
  const changeSelection = Form.useWatch('changeSelection', form) ?? !recall;
  const codesText = Form.useWatch('codesText', form) ?? '';
  const level = (Form.useWatch('level', form) ?? recall?.level ?? 1) as 1 | 2 | 3;
  const canSeeBatches = usePermission(PERMISSIONS.batchList);
  const canSeeShipments = usePermission(PERMISSIONS.shipmentList);
  const batches = useQuery({
    queryKey: [...BATCHES_QUERY_KEY, 'recall', 'options'],
    queryFn: () => fetchBatchPage({ pageNum: 1, pageSize: OPTIONS_MAX }),
    enabled: canSeeBatches && changeSelection && kind === 'BATCH',
  });
  const shipments = useQuery({
    queryKey: [...SHIPMENTS_QUERY_KEY, 'recall', 'options'],
    queryFn: () => fetchShipmentPage({ kind: 'OUTBOUND', pageNum: 1, pageSize: OPTIONS_MAX }),
    enabled: canSeeShipments && changeSelection && kind === 'SHIPMENT',
  });

  const save = useMutation({
    mutationFn: (values: RecallFormValues) => {
      const fields = { level: values.level as RecallLevel, reason: values.reason, instruction: values.instruction, contact: values.contact };
      if (!recall) return addRecall({ ...fields, selection: selectionOf(values) });
      return editRecall({ id: recall.id, ...fields, ...(values.changeSelection ? { selection: selectionOf(values) } : {}) });
    },
    onSuccess: async (saved) => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: RECALLS_QUERY_KEY });
      onSaved(saved);
    },
    onError: (error) => {
      if (!isHttpError(error)) return;
      const byField = new Map<keyof RecallFormValues, string[]>();
      for (const e of error.errors) {
        const name = formField(e.field);
        byField.set(name, [...(byField.get(name) ?? []), e.message]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    },
  });

  const codeCount = codesOfText(codesText).length;
  return (
    <FormModal title={recall ? t('recall.editTitle', { recallNo: recall.recallNo }) : t('recall.addTitle')} form={form} saving={save.isPending} onClose={onClose} width={720}>
      <Form<RecallFormValues>
        form={form}
        layout="vertical"
        initialValues={
          recall
            ? { level: recall.level, reason: recall.reason, instruction: recall.instruction, contact: recall.contact, changeSelection: false, kind: recall.selectionKind }
            : { level: 1, changeSelection: true, kind: 'BATCH' }
        }
        onFinish={(values) => save.mutate(values)}
        data-testid="recall-form"
      >
        <Form.Item name="level" label={t('recall.level')} extra={t(`recall.levelHints.${level}`)}>
          <Radio.Group optionType="button" options={RECALL_LEVELS.map((level) => ({ value: level, label: t(`recall.levels.${level}`) }))} data-testid="recall-level" />
        </Form.Item>
        <Form.Item name="reason" label={t('recall.reason')} rules={[rules.required(t('recall.reason'))]}>
          <Input.TextArea rows={2} maxLength={RECALL_REASON_MAX} showCount data-testid="recall-reason" />
        </Form.Item>
        <Form.Item name="instruction" label={t('recall.instruction')} extra={t('recall.instructionHint')} rules={[rules.required(t('recall.instruction'))]}>
          <Input.TextArea rows={3} maxLength={RECALL_INSTRUCTION_MAX} showCount data-testid="recall-instruction" />
        </Form.Item>
        <Form.Item name="contact" label={t('recall.contact')} extra={t('recall.contactHint')} rules={[rules.required(t('recall.contact'))]}>
          <Input maxLength={RECALL_CONTACT_MAX} data-testid="recall-contact" />
        </Form.Item>
        {recall && (
          <Form.Item name="changeSelection" valuePropName="checked">
            <Checkbox data-testid="recall-change-selection">{t('recall.keepSelection')}</Checkbox>
          </Form.Item>
        )}
        {changeSelection && (
          <>
            <Form.Item name="kind" label={t('recall.selection')}>
              <Radio.Group options={RECALL_SELECTION_KINDS.map((k) => ({ value: k, label: t(`recall.selectionKinds.${k}`) }))} data-testid="recall-kind" />
            </Form.Item>
            {kind === 'BATCH' && (
              <Form.Item name="batchIds" label={t('recall.batches')} rules={[rules.requiredChoice(t('recall.batches'))]}>
                <Select
                  mode="multiple"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={batches.isFetching}
                  options={(batches.data?.list ?? []).map((b) => ({ value: b.id, label: `${b.batchNo} · ${b.productName}` }))}
                  data-testid="recall-batches"
                />
              </Form.Item>
            )}
            {kind === 'SHIPMENT' && (
              <Form.Item name="shipmentId" label={t('recall.shipment')} rules={[rules.requiredChoice(t('recall.shipment'))]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={shipments.isFetching}
                  options={(shipments.data?.list ?? [])
                    .filter((s) => s.status === 'COMPLETED' || s.status === 'RECEIVED')
                    .map((s) => ({ value: s.id, label: `${s.orderNo} · ${s.dealerCode} ${s.dealerName}` }))}
                  data-testid="recall-shipment"
                />
              </Form.Item>
            )}
            {kind === 'RANGE' && (
              <>
                <Typography.Paragraph type="secondary">{t('recall.rangeHint')}</Typography.Paragraph>
                <Space size="middle" style={{ display: 'flex' }}>
                  <Form.Item name="fromCode" label={t('recall.fromCode')} rules={[rules.required(t('recall.fromCode'))]}>
                    <Input maxLength={200} style={{ width: 300 }} data-testid="recall-from-code" />
                  </Form.Item>
                  <Form.Item name="toCode" label={t('recall.toCode')} rules={[rules.required(t('recall.toCode'))]}>
                    <Input maxLength={200} style={{ width: 300 }} data-testid="recall-to-code" />
                  </Form.Item>
                </Space>
              </>
            )}
            {kind === 'LIST' && (
              <Form.Item
                name="codesText"
                label={t('recall.codes')}
                extra={
                  <Space>
                    <span>{t('recall.codesHint')}</span>
                    <span data-testid="recall-codes-count">{t('recall.codesCount', { count: codeCount })}</span>
                  </Space>
                }
                rules={[rules.required(t('recall.codes'))]}
              >
                <Input.TextArea rows={6} data-testid="recall-codes" />
              </Form.Item>
            )}
            {kind === 'LIST' && (
              <Form.Item>
                <Button
                  onClick={() =>
                    void readCodesFile().then((codes) => {
                      if (codes === null) return;
                      const all = [...codesOfText(form.getFieldValue('codesText') ?? ''), ...codes].slice(0, RECALL_LIST_MAX);
                      form.setFieldValue('codesText', all.join('\n'));
                      void message.info(t('recall.codesRead', { count: codes.length }));
                    })
                  }
                  data-testid="recall-codes-file"
                >
                  {t('recall.codesFile')}
                </Button>
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </FormModal>
  );
}
