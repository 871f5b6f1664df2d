import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DICT_NAME_MAX,
  DICT_REMARK_MAX,
  DICT_SORT_MAX,
  DICT_STATUSES,
  DICT_TYPE_CODE_MAX,
  type DictStatus,
  type DictTypeRow,
} from '@rd/contract';
import { addDictType, editDictType } from '../../../api/dict';
import { useFieldRules } from '../../../components/fieldRules';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';
import { useDictionaries } from '../../../dict/useDictionaries';

interface DictTypeFormValues {
  typeCode: string;
  typeName: string;
  typeNameEn?: string;
  sort: number;
  status: DictStatus;
  remark?: string;
}

const FIELDS = ['typeCode', 'typeName', 'typeNameEn', 'sort', 'status', 'remark'] as const;

export interface DictTypeFormModalProps {
  /** null adds a type. */
  type: DictTypeRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a dictionary type; the code is fixed once created. */
export function DictTypeFormModal({ type, onClose, onSaved }: DictTypeFormModalProps) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { dictLabel } = useDictionaries();
  const [form] = Form.useForm<DictTypeFormValues>();

  const save = useFormSave({
    form,
    fields: FIELDS,
    save: (values: DictTypeFormValues) => {
      const fields = {
        typeName: values.typeName,
        typeNameEn: values.typeNameEn ?? '',
        sort: values.sort,
        status: values.status,
        remark: values.remark ?? '',
      };
      return type ? editDictType({ id: type.id, ...fields }) : addDictType({ typeCode: values.typeCode, ...fields });
    },
    onSaved,
  });

  return (
    <FormModal title={type ? t('dictionary.editType') : t('dictionary.addType')} form={form} saving={save.isPending} onClose={onClose} width={560}>
      <Form<DictTypeFormValues>
        form={form}
        labelCol={{ span: 6 }}
        initialValues={type ?? { sort: 0, status: 'ENABLED' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="typeCode"
          label={t('dictionary.typeCode')}
          rules={type ? [] : [rules.required(t('dictionary.typeCode')), rules.maxLength(DICT_TYPE_CODE_MAX), rules.pattern('alphanumericUnderscore')]}
        >
          <Input disabled={type !== null} maxLength={DICT_TYPE_CODE_MAX} data-testid="dict-type-form-code" />
        </Form.Item>
        <Form.Item name="typeName" label={t('dictionary.typeName')} rules={[rules.required(t('dictionary.typeName')), rules.maxLength(DICT_NAME_MAX)]}>
          <Input maxLength={DICT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="typeNameEn" label={t('dictionary.typeNameEn')} rules={[rules.maxLength(DICT_NAME_MAX)]}>
          <Input maxLength={DICT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="sort" label={t('dictionary.sort')} rules={[rules.requiredValue(t('dictionary.sort')), rules.integerRange(0, DICT_SORT_MAX)]}>
          <InputNumber min={0} max={DICT_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('dictionary.status')} rules={[rules.requiredChoice(t('dictionary.status'))]}>
          <Radio.Group options={DICT_STATUSES.map((value) => ({ value, label: dictLabel('sys_status', value) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('dictionary.remark')} rules={[rules.maxLength(DICT_REMARK_MAX)]}>
          <Input.TextArea rows={2} maxLength={DICT_REMARK_MAX} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
