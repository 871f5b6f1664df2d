import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCESS_SORT_MAX, ROLE_NAME_EN_MAX, ROLE_NAME_MAX, ROLE_REMARK_MAX, type RoleScope, type RoleStatus } from '@rd/contract';
import { isHttpError } from '../../../api/HttpError';
import { addRole, checkRoleName, editRole, type RoleRow } from '../../../api/userRole';
import { REMOTE_DEBOUNCE_MS, debounceLatest } from '../../../utils/debounceLatest';

export interface RoleFormValues {
  roleName: string;
  roleNameEn: string;
  sort: number;
  status: RoleStatus;
  remark: string;
  scope?: RoleScope;
}

export interface RoleFormModalProps {
  /** The role being edited; null adds a new one. */
  role: RoleRow | null;
  open: boolean;
  /** Platform users choose the scope of a new role; enterprise users always create enterprise roles. */
  platformUser: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a role. The name is checked against the server while typing (300 ms after the last key). */
export function RoleFormModal({ role, open, platformUser, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
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

  const submit = async () => {
    let values: RoleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    try {
      if (role) {
        const { scope: _scope, ...fields } = values;
        await editRole(role.id, fields);
      } else {
        await addRole(platformUser ? values : { ...values, scope: undefined });
      }
      onSaved();
    } catch (error) {
      if (isHttpError(error) && error.errors.length > 0) {
        form.setFields(error.errors.map((e) => ({ name: e.field as keyof RoleFormValues, errors: [e.message] })));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(role ? 'userRole.editTitle' : 'userRole.addTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} data-testid="role-form">
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
    </Modal>
  );
}
