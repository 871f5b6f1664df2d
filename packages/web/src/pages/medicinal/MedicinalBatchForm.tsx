import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BATCH_NO,
  MEDICINAL_ORIGIN_MAX,
  MEDICINAL_QUANTITY_MAX,
  MEDICINAL_REMARK_MAX,
  validationMessage,
  type MedicinalBatchRow,
} from '@rd/contract';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { FormModal } from '../../components/FormModal';
import { useFieldRules } from '../../components/fieldRules';
import { useFormSave } from '../../components/useFormSave';
import { DATE_FORMAT } from '../../utils/format';
import {
  MEDICINAL_BATCHES_KEY,
  MEDICINAL_PRODUCTS_KEY,
  addMedicinalBatch,
  editMedicinalBatch,
  fetchMedicinalProductOptions,
} from './medicinalApi';

interface Values {
  productId: string;
  batchNo: string;
  productionDate: Dayjs | null;
  expiryDate: Dayjs | null;
  quantity: number | null;
  origin?: string;
  remark?: string;
}
const FIELDS = ['productId', 'batchNo', 'productionDate', 'expiryDate', 'quantity', 'origin', 'remark'];

const toBody = (v: Values) => ({
  productId: v.productId,
  batchNo: v.batchNo.trim(),
  productionDate: v.productionDate ? v.productionDate.format(DATE_FORMAT) : '',
  expiryDate: v.expiryDate ? v.expiryDate.format(DATE_FORMAT) : '',
  quantity: v.quantity ?? 0,
  origin: v.origin ?? '',
  remark: v.remark ?? '',
});

/** Add a medicinal batch (batch null) or edit one, in a dialog. */
export function MedicinalBatchForm({ batch, onClose }: { batch: MedicinalBatchRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const products = useQuery({ queryKey: [...MEDICINAL_PRODUCTS_KEY, 'options'], queryFn: fetchMedicinalProductOptions });

  const save = useFormSave<Values>({
    form,
    fields: FIELDS,
    save: (values) => (batch ? editMedicinalBatch({ id: batch.id, ...toBody(values) }) : addMedicinalBatch(toBody(values))),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: MEDICINAL_BATCHES_KEY });
      void queryClient.invalidateQueries({ queryKey: MEDICINAL_PRODUCTS_KEY });
      onClose();
    },
  });

  const batchNoRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && BATCH_NO.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(validationMessage('validation.batchNo', lang))),
  };
  const expiryRule = {
    validator: (_: unknown, value: Dayjs | null) => {
      const produced = form.getFieldValue('productionDate') as Dayjs | null;
      return value && produced && value.isBefore(produced, 'day')
        ? Promise.reject(new Error(validationMessage('validation.dateOrder', lang)))
        : Promise.resolve();
    },
  };

  const initial: Partial<Values> = batch
    ? {
        productId: batch.productId,
        batchNo: batch.batchNo,
        productionDate: dayjs(batch.productionDate),
        expiryDate: dayjs(batch.expiryDate),
        quantity: batch.quantity,
        origin: batch.origin,
        remark: batch.remark,
      }
    : { quantity: 0 };

  return (
    <FormModal title={batch ? t('medicinal.editBatch') : t('medicinal.addBatch')} form={form} saving={save.isPending} onClose={onClose} width={720}>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} data-testid="medicinal-batch-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="productId" label={t('medicinal.product')} rules={[rules.requiredChoice(t('medicinal.product'))]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={products.isLoading}
                options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.genericName}${p.specification ? ` ${p.specification}` : ''} · ${p.approvalNo}` }))}
                data-testid="mb-product"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="batchNo" label={t('medicinal.batchNo')} rules={[batchNoRule]} required>
              <Input maxLength={20} data-testid="mb-batchNo" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="productionDate" label={t('medicinal.productionDate')} rules={[rules.requiredChoice(t('medicinal.productionDate'))]}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="mb-productionDate" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="expiryDate" label={t('medicinal.expiryDate')} dependencies={['productionDate']} rules={[rules.requiredChoice(t('medicinal.expiryDate')), expiryRule]}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="mb-expiryDate" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="quantity" label={t('medicinal.quantity')} rules={[rules.integerRange(0, MEDICINAL_QUANTITY_MAX)]}>
              <InputNumber min={0} max={MEDICINAL_QUANTITY_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="origin" label={t('medicinal.origin')} rules={[rules.maxLength(MEDICINAL_ORIGIN_MAX)]}>
              <Input maxLength={MEDICINAL_ORIGIN_MAX} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('medicinal.remark')} rules={[rules.maxLength(MEDICINAL_REMARK_MAX)]}>
          <Input.TextArea rows={2} maxLength={MEDICINAL_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
