import { Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DICT_CODE_MAX,
  DICT_NAME_MAX,
  DICT_REMARK_MAX,
  DICT_SORT_MAX,
  DICT_STATUSES,
  DICT_TAG_COLORS,
  type DictItemRow,
  type DictStatus,
  type DictTagColor,
} from '@rd/contract';
import { addDictItem, editDictItem } from '../../../api/dict';
import { useFieldRules } from '../../../components/fieldRules';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';
import { useDictionaries } from '../../../dict/useDictionaries';

interface DictItemFormValues {
  dicCode: string;
  dicName: string;
  dicNameEn?: string;
  sort: number;
  status: DictStatus;
  tagColor: DictTagColor;
  remark?: string;
}

const FIELDS = ['dicCode', 'dicName', 'dicNameEn', 'sort', 'status', 'tagColor', 'remark'] as const;

export interface DictItemFormModalProps {
  typeCode: string;
  /** null adds an item to the type. */
  item: DictItemRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit an item of a dictionary type; its value (dicCode) is fixed once created. */
export function DictItemFormModal({ typeCode, item, onClose, onSaved }: DictItemFormModalProps) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { dictLabel } = useDictionaries();
  const [form] = Form.useForm<DictItemFormValues>();

  const save = useFormSave({
    form,
    fields: FIELDS,
    save: (values: DictItemFormValues) => {
      const fields = {
        dicName: values.dicName,
        dicNameEn: values.dicNameEn ?? '',
        sort: values.sort,
        status: values.status,
        tagColor: values.tagColor,
        remark: values.remark ?? '',
      };
      return item ? editDictItem({ id: item.id, ...fields }) : addDictItem({ typeCode, dicCode: values.dicCode, ...fields });
    },
    onSaved,
  });

  return (
    <FormModal title={item ? t('dictionary.editItem') : t('dictionary.addItem')} form={form} saving={save.isPending} onClose={onClose} width={560}>
      <Form<DictItemFormValues>
        form={form}
        labelCol={{ span: 6 }}
        initialValues={item ?? { sort: 0, status: 'ENABLED', tagColor: '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label={t('dictionary.typeCode')}>
          <Input value={typeCode} disabled />
        </Form.Item>
        <Form.Item
          name="dicCode"
          label={t('dictionary.dicCode')}
          rules={item ? [] : [rules.required(t('dictionary.dicCode')), rules.maxLength(DICT_CODE_MAX), rules.pattern('code')]}
        >
          <Input disabled={item !== null} maxLength={DICT_CODE_MAX} data-testid="dict-item-form-code" />
        </Form.Item>
        <Form.Item name="dicName" label={t('dictionary.dicName')} rules={[rules.required(t('dictionary.dicName')), rules.maxLength(DICT_NAME_MAX)]}>
          <Input maxLength={DICT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="dicNameEn" label={t('dictionary.dicNameEn')} rules={[rules.maxLength(DICT_NAME_MAX)]}>
          <Input maxLength={DICT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="sort" label={t('dictionary.sort')} rules={[rules.requiredValue(t('dictionary.sort')), rules.integerRange(0, DICT_SORT_MAX)]}>
          <InputNumber min={0} max={DICT_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="tagColor" label={t('dictionary.tagColor')}>
          <Select
            options={DICT_TAG_COLORS.map((color) => ({
              value: color,
              label: <Tag color={color || undefined}>{color || t('dictionary.noColor')}</Tag>,
            }))}
          />
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
