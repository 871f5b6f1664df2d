import { Alert, App, Button, Card, Col, DatePicker, Divider, Drawer, Empty, Form, Input, InputNumber, Row, Select, Space, Spin } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BATCH_NO,
  BATCH_ORIGIN_MAX,
  BATCH_QUANTITY_MAX,
  BATCH_REMARK_MAX,
  FARMING_IMAGES_MAX,
  FARMING_KINDS,
  FARMING_MATERIAL_MAX,
  FARMING_OPERATOR_MAX,
  FARMING_RECORDS_MAX,
  INSPECTION_NAME_MAX,
  INSPECTION_REPORTS_MAX,
  validationMessage,
  type BatchDetail,
} from '@rd/contract';
import { FARMERS_QUERY_KEY } from '../../../api/farmer';
import { PRODUCTS_QUERY_KEY, fetchProductOptions } from '../../../api/product';
import { BATCHES_QUERY_KEY, addBatch, editBatch, fetchBatch } from '../../../api/productBatch';
import { isHttpError } from '../../../api/HttpError';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { useFieldRules } from '../../../components/fieldRules';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { DATE_FORMAT } from '../../../utils/format';
import { fieldPath } from '../fieldPath';
import { ImageListInput } from '../product/ImageListInput';
import { FarmerSelect } from '../../farmer/FarmerSelect';
import { batchToForm, formToBatchBody, type BatchFormValues } from './batchForm';
import { MaterialInput } from './MaterialInput';

const TOP_FIELDS = ['productId', 'batchNo', 'productionDate', 'expiryDate', 'quantity', 'farmerId', 'origin', 'harvestDate', 'remark', 'farmingRecords', 'inspectionReports'];

/** Add a batch (batchId null) or edit one, in a drawer. */
export function BatchDrawer({ batchId, onClose }: { batchId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: [...BATCHES_QUERY_KEY, 'detail', batchId], queryFn: () => fetchBatch(batchId as string), enabled: batchId !== null });
  return (
    <Drawer open title={batchId ? t('productBatch.editTitle') : t('productBatch.addTitle')} size={860} onClose={onClose} destroyOnHidden>
      {batchId && detail.isLoading ? <Spin /> : <BatchForm key={detail.data?.id ?? 'new'} batch={detail.data ?? null} onClose={onClose} />}
    </Drawer>
  );
}

function BatchForm({ batch, onClose }: { batch: BatchDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const [form] = Form.useForm<BatchFormValues>();
  const products = useQuery({ queryKey: [...PRODUCTS_QUERY_KEY, 'options'], queryFn: () => fetchProductOptions() });
  const productLocked = batch !== null && batch.codeCount > 0;

  const save = useMutation({
    mutationFn: (values: BatchFormValues) => {
      const body = formToBatchBody(values);
      return batch ? editBatch({ id: batch.id, ...body }) : addBatch(body);
    },
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: BATCHES_QUERY_KEY });
      // growers count and list the batches that name them
      await queryClient.invalidateQueries({ queryKey: FARMERS_QUERY_KEY });
      onClose();
    },
    onError: (error) => {
      if (!isHttpError(error)) return;
      const own = error.errors.filter((e) => TOP_FIELDS.includes(e.field.split('.')[0] ?? ''));
      if (own.length) form.setFields(own.map((e) => ({ name: fieldPath(e.field) as never, errors: [e.message] })));
    },
  });

  const batchNoRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && BATCH_NO.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(validationMessage('validation.batchNo', lang))),
  };
  const expiryRule = {
    validator: (_: unknown, value: BatchFormValues['expiryDate']) => {
      const produced = form.getFieldValue('productionDate') as BatchFormValues['productionDate'];
      return value && produced && value.isBefore(produced, 'day')
        ? Promise.reject(new Error(validationMessage('validation.dateOrder', lang)))
        : Promise.resolve();
    },
  };

  return (
    <Form<BatchFormValues>
      form={form}
      layout="vertical"
      initialValues={batch ? batchToForm(batch) : { quantity: 0, farmingRecords: [], inspectionReports: [] }}
      onFinish={(values) => save.mutate(values)}
      data-testid="batch-form"
    >
      <Divider titlePlacement="start">{t('productBatch.sections.basic')}</Divider>
      {productLocked && <Alert type="info" showIcon title={t('productBatch.hints.productLocked')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="productId" label={t('productBatch.product')} rules={[rules.requiredChoice(t('productBatch.product'))]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              disabled={productLocked}
              loading={products.isLoading}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              data-testid="batch-form-product"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="batchNo" label={t('productBatch.batchNo')} extra={t('productBatch.hints.batchNo')} rules={[batchNoRule]} required>
            <Input maxLength={20} data-testid="batch-form-batchNo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="productionDate" label={t('productBatch.productionDate')}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="expiryDate" label={t('productBatch.expiryDate')} dependencies={['productionDate']} rules={[expiryRule]}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="batch-form-expiry" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="harvestDate" label={t('productBatch.harvestDate')}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="quantity" label={t('productBatch.quantity')} rules={[rules.integerRange(0, BATCH_QUANTITY_MAX)]}>
            <InputNumber min={0} max={BATCH_QUANTITY_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="farmerId" label={t('farmer.picker.label')}>
            <FarmerSelect currentName={batch?.farmerName} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="origin" label={t('productBatch.origin')} rules={[rules.maxLength(BATCH_ORIGIN_MAX)]}>
            <Input maxLength={BATCH_ORIGIN_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('productBatch.remark')} rules={[rules.maxLength(BATCH_REMARK_MAX)]}>
        <Input.TextArea rows={2} maxLength={BATCH_REMARK_MAX} showCount />
      </Form.Item>

      <Divider titlePlacement="start">{t('productBatch.sections.farming')}</Divider>
      <Form.List name="farmingRecords">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('productBatch.farming.empty')} />}
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                data-testid={`farming-${index}`}
                extra={
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={t('productBatch.farming.remove')}>
                    {t('productBatch.farming.remove')}
                  </Button>
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={6}>
                    <Form.Item name={[row.name, 'kind']} label={t('productBatch.farming.kind')} rules={[rules.requiredChoice(t('productBatch.farming.kind'))]}>
                      <Select options={FARMING_KINDS.map((k) => ({ value: k, label: t(`productBatch.farming.kinds.${k}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item name={[row.name, 'date']} label={t('productBatch.farming.date')} rules={[rules.requiredChoice(t('productBatch.farming.date'))]}>
                      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name={[row.name, 'operator']} label={t('productBatch.farming.operator')} rules={[rules.maxLength(FARMING_OPERATOR_MAX)]}>
                      <Input maxLength={FARMING_OPERATOR_MAX} />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    <Form.Item name={[row.name, 'material']} label={t('productBatch.farming.material')} rules={[rules.maxLength(FARMING_MATERIAL_MAX)]}>
                      <MaterialInput maxLength={FARMING_MATERIAL_MAX} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name={[row.name, 'images']} label={t('productBatch.farming.images')} style={{ marginBottom: 0 }}>
                  <ImageListInput max={FARMING_IMAGES_MAX} place="image" />
                </Form.Item>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= FARMING_RECORDS_MAX}
              onClick={() => add({ kind: 'SOWING', images: [] })}
              data-testid="farming-add"
            >
              {t('productBatch.farming.add')}
            </Button>
          </Space>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('productBatch.sections.inspection')}</Divider>
      <Form.List name="inspectionReports">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('productBatch.inspection.empty')} />}
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                data-testid={`inspection-${index}`}
                extra={
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={t('productBatch.inspection.remove')}>
                    {t('productBatch.inspection.remove')}
                  </Button>
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={10}>
                    <Form.Item name={[row.name, 'name']} label={t('productBatch.inspection.name')} rules={[rules.required(t('productBatch.inspection.name')), rules.maxLength(INSPECTION_NAME_MAX)]}>
                      <Input maxLength={INSPECTION_NAME_MAX} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'date']} label={t('productBatch.inspection.date')}>
                      <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={14}>
                    <Form.Item name={[row.name, 'fileId']} label={t('productBatch.inspection.file')} rules={[rules.requiredChoice(t('productBatch.inspection.file'))]}>
                      <ImageUpload place="image" />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={rows.length >= INSPECTION_REPORTS_MAX} onClick={() => add({})} data-testid="inspection-add">
              {t('productBatch.inspection.add')}
            </Button>
          </Space>
        )}
      </Form.List>

      <Form.Item style={{ marginTop: 24 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="batch-form-save">
            {t('common.confirm')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
