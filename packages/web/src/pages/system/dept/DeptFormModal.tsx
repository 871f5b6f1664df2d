import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEPT_LEADER_MAX, DEPT_NAME_MAX, DEPT_SORT_MAX, DEPT_STATUSES, type DeptNode, type DeptStatus } from '@rd/contract';
import { addDept, editDept } from '../../../api/dept';
import { useFieldRules } from '../../../components/fieldRules';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';
import { useDictOptions } from '../../../dict/useDictionaries';
import { toParentOptions } from './deptTreeData';

/** What the dialog edits: a new department (under parentId, or at the top) or an existing one. */
export type DeptFormTarget = { mode: 'add'; parentId: string | null } | { mode: 'edit'; dept: Omit<DeptNode, 'children'> };

interface DeptFormValues {
  parentId?: string | null;
  deptName: string;
  sort: number;
  leader?: string;
  phone?: string;
  email?: string;
  status: DeptStatus;
}

const FIELDS = ['parentId', 'deptName', 'sort', 'leader', 'phone', 'email', 'status'] as const;

export interface DeptFormModalProps {
  target: DeptFormTarget;
  /** The whole tree, for choosing the parent. */
  tree: readonly DeptNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a department; a different parent moves it with its sub-departments. */
export function DeptFormModal({ target, tree, onClose, onSaved }: DeptFormModalProps) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const [form] = Form.useForm<DeptFormValues>();
  const statusOptions = useDictOptions('sys_status');

  const initialValues: Partial<DeptFormValues> =
    target.mode === 'add'
      ? { parentId: target.parentId ?? undefined, sort: 0, status: 'ENABLED' }
      : {
          parentId: target.dept.parentId ?? undefined,
          deptName: target.dept.deptName,
          sort: target.dept.sort,
          leader: target.dept.leader,
          phone: target.dept.phone,
          email: target.dept.email,
          status: target.dept.status,
        };

  const save = useFormSave({
    form,
    fields: FIELDS,
    save: (values: DeptFormValues) => {
      const body = {
        parentId: values.parentId ?? null,
        deptName: values.deptName,
        sort: values.sort,
        leader: values.leader ?? '',
        phone: values.phone ?? '',
        email: values.email ?? '',
        status: values.status,
      };
      return target.mode === 'add' ? addDept(body) : editDept({ id: target.dept.id, ...body });
    },
    onSaved,
  });

  return (
    <FormModal
      title={target.mode === 'add' ? t('dept.addTitle') : t('dept.editTitle')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      width={560}
    >
      <Form<DeptFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid="dept-form"
      >
        <Form.Item name="parentId" label={t('dept.parent')}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            placeholder={t('dept.topLevel')}
            treeData={toParentOptions(tree, target.mode === 'edit' ? target.dept.id : undefined)}
          />
        </Form.Item>
        <Form.Item name="deptName" label={t('dept.deptName')} rules={[rules.required(t('dept.deptName')), rules.maxLength(DEPT_NAME_MAX)]}>
          <Input maxLength={DEPT_NAME_MAX} data-testid="dept-form-name" />
        </Form.Item>
        <Form.Item name="sort" label={t('dept.sort')} rules={[rules.requiredValue(t('dept.sort')), rules.integerRange(0, DEPT_SORT_MAX)]}>
          <InputNumber min={0} max={DEPT_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="leader" label={t('dept.leader')} rules={[rules.maxLength(DEPT_LEADER_MAX)]}>
          <Input maxLength={DEPT_LEADER_MAX} />
        </Form.Item>
        <Form.Item name="phone" label={t('dept.phone')} rules={[rules.pattern('phone')]} validateTrigger="onBlur">
          <Input data-testid="dept-form-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('dept.email')} rules={[rules.pattern('email')]} validateTrigger="onBlur">
          <Input />
        </Form.Item>
        <Form.Item name="status" label={t('dept.status')} rules={[rules.requiredChoice(t('dept.status'))]}>
          <Radio.Group options={DEPT_STATUSES.map((value) => ({ value, label: statusOptions.find((o) => o.value === value)?.label ?? value }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
