import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_NO,
  DOSAGE_FORM_DICT,
  DRUG_STANDARD_CODE,
  GENERIC_NAME_MAX,
  MANUFACTURER_MAX,
  SPECIFICATION_MAX,
  STORAGE_MAX,
  TRADE_NAME_MAX,
  normaliseApprovalNo,
  validationMessage,
  type MedicinalProductAddBody,
  type MedicinalProductRow,
} from '@rd/contract';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { FormModal } from '../../components/FormModal';
import { useFieldRules } from '../../components/fieldRules';
import { useFormSave } from '../../components/useFormSave';
import { useDictOptions } from '../../dict/useDictionaries';
import { MEDICINAL_BATCHES_KEY, MEDICINAL_PRODUCTS_KEY, addMedicinalProduct, editMedicinalProduct } from './medicinalApi';

type Values = Required<Omit<MedicinalProductAddBody, 'status'>> & { status: 'ENABLED' | 'DISABLED' };
const FIELDS = ['genericName', 'tradeName', 'approvalNo', 'drugStandardCode', 'dosageForm', 'specification', 'packageSpecification', 'manufacturer', 'storage', 'status'];

/** Add a medicinal product (product null) or edit one; the dosage forms come from their dictionary. */
export function MedicinalProductForm({ product, onClose }: { product: MedicinalProductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const dosageForms = useDictOptions(DOSAGE_FORM_DICT);
  const statusOptions = useDictOptions('sys_status');

  const save = useFormSave<Values>({
    form,
    fields: FIELDS,
    save: (values) => (product ? editMedicinalProduct({ id: product.id, ...values }) : addMedicinalProduct(values)),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: MEDICINAL_PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: MEDICINAL_BATCHES_KEY });
      onClose();
    },
  });

  const approvalRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && !APPROVAL_NO.test(normaliseApprovalNo(value))
        ? Promise.reject(new Error(validationMessage('validation.approvalNo', lang)))
        : Promise.resolve(),
  };
  const standardCodeRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && value.trim() !== '' && !DRUG_STANDARD_CODE.test(value.trim())
        ? Promise.reject(new Error(validationMessage('validation.drugStandardCode', lang)))
        : Promise.resolve(),
  };

  const initial: Partial<Values> = product ?? { status: 'ENABLED' };
  return (
    <FormModal title={product ? t('medicinal.editProduct') : t('medicinal.addProduct')} form={form} saving={save.isPending} onClose={onClose} width={760}>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)} data-testid="medicinal-product-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="genericName" label={t('medicinal.genericName')} rules={[rules.required(t('medicinal.genericName')), rules.maxLength(GENERIC_NAME_MAX)]}>
              <Input maxLength={GENERIC_NAME_MAX} data-testid="mp-genericName" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tradeName" label={t('medicinal.tradeName')} rules={[rules.maxLength(TRADE_NAME_MAX)]}>
              <Input maxLength={TRADE_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="approvalNo" label={t('medicinal.approvalNo')} extra={t('medicinal.approvalNoHint')} rules={[rules.required(t('medicinal.approvalNo')), approvalRule]}>
              <Input maxLength={20} data-testid="mp-approvalNo" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="drugStandardCode" label={t('medicinal.drugStandardCode')} rules={[standardCodeRule]}>
              <Input maxLength={14} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dosageForm" label={t('medicinal.dosageForm')} rules={[rules.requiredChoice(t('medicinal.dosageForm'))]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={dosageForms.map((o) => ({ value: String(o.value), label: o.label }))}
                data-testid="mp-dosageForm"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="manufacturer" label={t('medicinal.manufacturer')} rules={[rules.required(t('medicinal.manufacturer')), rules.maxLength(MANUFACTURER_MAX)]}>
              <Input maxLength={MANUFACTURER_MAX} data-testid="mp-manufacturer" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="specification" label={t('medicinal.specification')} rules={[rules.maxLength(SPECIFICATION_MAX)]}>
              <Input maxLength={SPECIFICATION_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="packageSpecification" label={t('medicinal.packageSpecification')} rules={[rules.maxLength(SPECIFICATION_MAX)]}>
              <Input maxLength={SPECIFICATION_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="storage" label={t('medicinal.storage')} rules={[rules.maxLength(STORAGE_MAX)]}>
              <Input maxLength={STORAGE_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('medicinal.status')}>
              <Radio.Group options={statusOptions.map((o) => ({ value: String(o.value), label: o.label }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
