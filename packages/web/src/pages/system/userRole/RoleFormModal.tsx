import { useMemo } from 'react';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCESS_SORT_MAX, ROLE_NAME_EN_MAX, ROLE_NAME_MAX, ROLE_REMARK_MAX, type RoleScope, type RoleStatus } from '@rd/contract';
import { addRole, checkRoleName, editRole, type RoleRow } from '../../../api/userRole';
import { FormModal } from '../../../components/FormModal';
import { useFormSave } from '../../../components/useFormSave';
import { REMOTE_DEBOUNCE_MS, debounceLatest } from '../../../utils/debounceLatest';

export interface RoleFormValues {
  roleName: string;
  roleNameEn: string;
  sort: number;
  status: RoleStatus;
  remark: string;
  scope?: RoleScope;
}

const FIELDS = ['roleName', 'roleNameEn', 'sort', 'status', 'remark', 'scope'] as const;

export interface RoleFormModalProps {
  /** The role being edited; null adds a new one. */
  role: RoleRow | null;
  /** Platform users choose the scope of a new role; enterprise users always create enterprise roles. */
  platformUser: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a role. The name is checked against the server while typing (300 ms after the last key). */
export function RoleFormModal({ role, platformUser, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const isFree = useMemo(
    () =>
      debounceLatest(
        // A failed check says nothing about the name; the server checks again on save.
        (name: string, id?: string) => checkRoleName(name, id).catch(() => true),
        REMOTE_DEBOUNCE_MS,
      ),
    [],
  );

  const initialValues: RoleFormValues = role
    ? { roleName: role.roleName, roleNameEn: role.roleNameEn, sort: role.sort, status: role.status, remark: role.remark }
    : { roleName: '', roleNameEn: '', sort: 0, status: 'ENABLED', remark: '', scope: platformUser ? 'PLATFORM' : undefined };

  const save = useFormSave({
    form,
    fields: FIELDS,
    save: (values: RoleFormValues) => {
      if (role) {
        const { scope: _scope, ...fields } = values;
        return editRole(role.id, fields);
      }
      return addRole(platformUser ? values : { ...values, scope: undefined });
    },
    onSaved,
  });

  return (
    <FormModal title={t(role ? 'userRole.editTitle' : 'userRole.addTitle')} form={form} saving={save.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} onFinish={(values) => save.mutate(values)} data-testid="role-form">
        <Form.Item
          name="roleName"
          label={t('userRole.roleName')}
          validateTrigger={['onChange', 'onBlur']}
          hasFeedback
          rules={[
            { required: true, whitespace: true, message: t('userRole.nameRequired') },
            { max: ROLE_NAME_MAX, message: t('userRole.nameTooLong', { max: ROLE_NAME_MAX }) },
            {
              validator: async (_rule, value: string | undefined) => {
                const name = value?.trim() ?? '';
                if (!name || name.length > ROLE_NAME_MAX) return;
                if ((await isFree(name, role?.id)) === false) throw new Error(t('userRole.nameTaken'));
              },
            },
          ]}
        >
          <Input maxLength={ROLE_NAME_MAX} data-testid="role-name" />
        </Form.Item>
        <Form.Item name="roleNameEn" label={t('userRole.roleNameEn')} rules={[{ max: ROLE_NAME_EN_MAX, message: t('userRole.tooLong', { max: ROLE_NAME_EN_MAX }) }]}>
          <Input maxLength={ROLE_NAME_EN_MAX} data-testid="role-name-en" />
        </Form.Item>
        {!role && platformUser && (
          <Form.Item name="scope" label={t('userRole.scope')}>
            <Radio.Group
              options={[
                { value: 'PLATFORM', label: t('userRole.scopePLATFORM') },
                { value: 'ENTERPRISE', label: t('userRole.scopeENTERPRISE') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="sort" label={t('userRole.sort')}>
          <InputNumber min={0} max={ACCESS_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('userRole.status')}>
          <Radio.Group
            options={[
              { value: 'ENABLED', label: t('userRole.statusENABLED') },
              { value: 'DISABLED', label: t('userRole.statusDISABLED') },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('userRole.remark')} rules={[{ max: ROLE_REMARK_MAX, message: t('userRole.tooLong', { max: ROLE_REMARK_MAX }) }]}>
          <Input.TextArea rows={3} maxLength={ROLE_REMARK_MAX} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
