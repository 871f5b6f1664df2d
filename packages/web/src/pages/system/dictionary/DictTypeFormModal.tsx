import { App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
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
import { showServerFieldErrors, useFieldRules } from '../../../components/fieldRules';
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
  const { message } = App.useApp();
  const rules = useFieldRules();
  const { dictLabel } = useDictionaries();
  const [form] = Form.useForm<DictTypeFormValues>();

  const save = useMutation({
    mutationFn: (values: DictTypeFormValues) => {
      const fields = {
        typeName: values.typeName,
        typeNameEn: values.typeNameEn ?? '',
        sort: values.sort,
        status: values.status,
        remark: values.remark ?? '',
      };
      return type ? editDictType({ id: type.id, ...fields }) : addDictType({ typeCode: values.typeCode, ...fields });
    },
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      onSaved();
    },
    onError: (error) => showServerFieldErrors(form, error, FIELDS),
  });

  return (
    <Modal
      open
      title={type ? t('dictionary.editType') : t('dictionary.addType')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<DictTypeFormValues>
        form={form}
        labelCol={{ span: 6 }}
        initialValues={type ?? { sort: 0, status: 'ENABLED' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="typeCode"
          label={t('dictionary.typeCode')}
          rules={type ? [] : [rules.required(), rules.maxLength(DICT_TYPE_CODE_MAX), rules.pattern('alphanumericUnderscore')]}
        >
          <Input disabled={type !== null} maxLength={DICT_TYPE_CODE_MAX} data-testid="dict-type-form-code" />
        </Form.Item>
        <Form.Item name="typeName" label={t('dictionary.typeName')} rules={[rules.required(), rules.maxLength(DICT_NAME_MAX)]}>
          <Input maxLength={DICT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="typeNameEn" label={t('dictionary.typeNameEn')} rules={[rules.maxLength(DICT_NAME_MAX)]}>
          <Input maxLength={DICT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="sort" label={t('dictionary.sort')} rules={[rules.requiredValue(), rules.integerRange(0, DICT_SORT_MAX)]}>
          <InputNumber min={0} max={DICT_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('dictionary.status')} rules={[rules.requiredValue()]}>
          <Radio.Group options={DICT_STATUSES.map((value) => ({ value, label: dictLabel('sys_status', value) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('dictionary.remark')} rules={[rules.maxLength(DICT_REMARK_MAX)]}>
          <Input.TextArea rows={2} maxLength={DICT_REMARK_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
