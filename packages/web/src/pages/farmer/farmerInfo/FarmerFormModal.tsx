import { Alert, App, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_STATUSES,
  FARMER_ADDRESS_MAX,
  FARMER_CERTIFICATIONS_MAX,
  FARMER_NAME_MAX,
  FARMER_PLANTING_AREA_MAX,
  FARMER_PLANTING_BASE_MAX,
  FARMER_PRODUCTS_MAX,
  FARMER_REGION_NAME_MAX,
  FARMER_REMARK_MAX,
  FARMER_VARIETIES_MAX,
  PERMISSIONS,
  REGION_CODE,
  type FarmerDetail,
} from '@rd/contract';
import type { Rule } from 'antd/es/form';
import { FARMERS_QUERY_KEY, addFarmer, editFarmer, fetchFarmer } from '../../../api/farmer';
import { PRODUCTS_QUERY_KEY, fetchProductOptions } from '../../../api/product';
import { FormModal } from '../../../components/FormModal';
import { showServerFieldErrors, useFieldRules } from '../../../components/fieldRules';
import { usePermission } from '../../../components/usePermission';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { NEW_FARMER, farmerToForm, formToFarmerBody, type FarmerFormValues } from './farmerForm';

const FIELDS = [
  'name',
  'phone',
  'idCard',
  'regionCode',
  'regionName',
  'address',
  'plantingBase',
  'plantingArea',
  'varieties',
  'certifications',
  'photoFileId',
  'remark',
  'status',
  'productIds',
] as const;

/** Add a grower (farmerId null) or edit one, in a dialog. */
export function FarmerFormModal({ farmerId, onClose }: { farmerId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...FARMERS_QUERY_KEY, 'detail', farmerId],
    queryFn: () => fetchFarmer(farmerId as string),
    enabled: farmerId !== null,
  });
  const [form] = Form.useForm<FarmerFormValues>();
  const save = useFarmerSave(form, detail.data ?? null, onClose);
  return (
    <FormModal title={farmerId ? t('farmer.editTitle') : t('farmer.addTitle')} form={form} saving={save.isPending} onClose={onClose} width={780}>
      {farmerId && detail.isLoading ? (
        <Spin />
      ) : (
        <FarmerForm key={detail.data?.id ?? 'new'} form={form} farmer={detail.data ?? null} onSave={(values) => save.mutate(values)} />
      )}
    </FormModal>
  );
}

function useFarmerSave(form: ReturnType<typeof Form.useForm<FarmerFormValues>>[0], farmer: FarmerDetail | null, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FarmerFormValues) => {
      const body = formToFarmerBody(values);
      return farmer ? editFarmer({ id: farmer.id, ...body }) : addFarmer(body);
    },
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: FARMERS_QUERY_KEY });
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error, FIELDS),
  });
}

function FarmerForm({
  form,
  farmer,
  onSave,
}: {
  form: ReturnType<typeof Form.useForm<FarmerFormValues>>[0];
  farmer: FarmerDetail | null;
  onSave: (values: FarmerFormValues) => void;
}) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const canSeeProducts = usePermission(PERMISSIONS.productList);
  const products = useQuery({ queryKey: [...PRODUCTS_QUERY_KEY, 'options'], queryFn: () => fetchProductOptions(), enabled: canSeeProducts });
  // the grower's own products stay named even where the product list cannot be read
  const productOptions = new Map((farmer?.products ?? []).map((p) => [p.id, p.name]));
  for (const p of products.data ?? []) productOptions.set(p.id, p.name);

  const regionCodeRule: Rule = {
    validator: (_, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || REGION_CODE.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('farmer.hints.regionCodeInvalid'))),
  };
  // a region is its code and its name together
  const regionPairRule = (other: 'regionCode' | 'regionName'): Rule => ({
    validator: (_, value: unknown) => {
      const mine = typeof value === 'string' && value.trim() !== '';
      const theirs = String(form.getFieldValue(other) ?? '').trim() !== '';
      return mine || !theirs ? Promise.resolve() : Promise.reject(new Error(t('farmer.hints.regionIncomplete')));
    },
  });

  return (
    <Form<FarmerFormValues>
      form={form}
      layout="vertical"
      initialValues={farmer ? farmerToForm(farmer) : NEW_FARMER}
      onFinish={onSave}
      data-testid="farmer-form"
    >
      {farmer?.idCardMasked && <Alert type="info" showIcon title={t('farmer.hints.idCardMasked')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="name" label={t('farmer.name')} rules={[rules.required(t('farmer.name')), rules.maxLength(FARMER_NAME_MAX)]}>
            <Input maxLength={FARMER_NAME_MAX} data-testid="farmer-form-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label={t('farmer.phone')} rules={[rules.pattern('phone')]}>
            <Input maxLength={20} data-testid="farmer-form-phone" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="idCard" label={t('farmer.idCard')} extra={t('farmer.hints.idCard')} rules={[rules.pattern('idCardStrict')]}>
            <Input maxLength={18} disabled={farmer?.idCardMasked} data-testid="farmer-form-idCard" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="regionCode"
            label={t('farmer.regionCode')}
            extra={t('farmer.hints.regionCode')}
            dependencies={['regionName']}
            rules={[regionCodeRule, regionPairRule('regionName')]}
          >
            <Input maxLength={6} inputMode="numeric" data-testid="farmer-form-regionCode" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="regionName"
            label={t('farmer.regionName')}
            dependencies={['regionCode']}
            rules={[rules.maxLength(FARMER_REGION_NAME_MAX), regionPairRule('regionCode')]}
          >
            <Input maxLength={FARMER_REGION_NAME_MAX} data-testid="farmer-form-regionName" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('farmer.address')} rules={[rules.maxLength(FARMER_ADDRESS_MAX)]}>
            <Input maxLength={FARMER_ADDRESS_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="plantingBase" label={t('farmer.plantingBase')} rules={[rules.maxLength(FARMER_PLANTING_BASE_MAX)]}>
            <Input maxLength={FARMER_PLANTING_BASE_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="plantingArea" label={t('farmer.plantingArea')} extra={t('farmer.hints.plantingArea')} rules={[rules.pattern('unsignedDecimal2')]}>
            <InputNumber min={0} max={FARMER_PLANTING_AREA_MAX} style={{ width: '100%' }} data-testid="farmer-form-plantingArea" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="varieties" label={t('farmer.varieties')} rules={[rules.maxLength(FARMER_VARIETIES_MAX)]}>
            <Input maxLength={FARMER_VARIETIES_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="certifications" label={t('farmer.certifications')} rules={[rules.maxLength(FARMER_CERTIFICATIONS_MAX)]}>
            <Input maxLength={FARMER_CERTIFICATIONS_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="productIds" label={t('farmer.products')}>
            <Select
              mode="multiple"
              allowClear
              maxCount={FARMER_PRODUCTS_MAX}
              showSearch={{ optionFilterProp: 'label' }}
              loading={products.isLoading}
              options={[...productOptions].map(([value, label]) => ({ value, label }))}
              data-testid="farmer-form-products"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="photoFileId" label={t('farmer.photo')}>
            <ImageUpload place="image" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Form.Item name="status" label={t('farmer.status')} rules={[rules.requiredChoice(t('farmer.status'))]}>
              <Radio.Group options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`farmer.statuses.${s}`) }))} />
            </Form.Item>
            <Form.Item name="remark" label={t('farmer.remark')} rules={[rules.maxLength(FARMER_REMARK_MAX)]}>
              <Input.TextArea rows={3} maxLength={FARMER_REMARK_MAX} showCount />
            </Form.Item>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
