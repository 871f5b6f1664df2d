import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Spin, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validationMessage, type UserPasswordResult } from '@rd/contract';
import './userForm.css';
import { isHttpError } from '../../../api/HttpError';
import { addUser, editUser, fetchUserDetail, fetchUserInit } from '../../../api/userinfo';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { DATE_FORMAT } from '../../../utils/format';
import { deptTreeOptions, roleLabel } from './display';
import {
  DEPENDENT_FIELDS,
  userDetailToForm,
  userFieldProblem,
  userFormToBody,
  type UserFormField,
  type UserFormValues,
} from './userForm';

export interface UserFormModalProps {
  /** null: add a user; otherwise the id of the user to edit. */
  userId: string | null;
  /** Platform users choose the type and company of a new user. */
  platform: boolean;
  onClose: () => void;
  /** After saving; adding answers the generated password. */
  onSaved: (result: { username: string; created: UserPasswordResult | null }) => void;
}

/** Add or edit a user. The edit form opens once the user is loaded, with the saved values. */
export function UserFormModal({ userId, platform, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const detail = useQuery({
    queryKey: ['userDetail', userId, lang],
    queryFn: () => fetchUserDetail(userId as string),
    enabled: userId !== null,
  });
  const loading = userId !== null && !detail.data;

  return (
    <Modal
      open
      title={userId ? t('userInfo.edit') : t('userInfo.add')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {loading ? (
        <Spin />
      ) : (
        <UserForm
          key={userId ?? 'new'}
          userId={userId}
          platform={platform && userId === null}
          initial={detail.data ? userDetailToForm(detail.data) : { sex: '0', roles: [], userType: '3' }}
          companyOfUser={detail.data?.companyId ?? undefined}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

interface UserFormProps extends Omit<UserFormModalProps, 'platform'> {
  /** True when a platform user is adding a user (type and company to choose). */
  platform: boolean;
  initial: UserFormValues;
  companyOfUser: string | undefined;
}

function UserForm({ userId, platform, initial, companyOfUser, onClose, onSaved }: UserFormProps) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const userType = Form.useWatch('userType', form) ?? initial.userType;
  const chosenCompany = Form.useWatch('companyId', form) ?? undefined;
  // The roles and departments on offer are those of the company the user belongs (or will belong) to.
  const companyId = platform ? (userType === '3' ? chosenCompany : undefined) : companyOfUser;
  // A platform user adding an enterprise user picks the company first; until then nothing is on offer.
  const awaitingCompany = platform && userType === '3' && !chosenCompany;
  const init = useQuery({ queryKey: ['userInit', companyId ?? '', lang], queryFn: () => fetchUserInit(companyId) });
  const offered = awaitingCompany ? { roles: [], depts: [] } : { roles: init.data?.roles ?? [], depts: init.data?.depts ?? [] };

  const rule = (field: UserFormField): Rule => ({
    validator: (_r, value: unknown) => {
      const problem = userFieldProblem(field, { ...form.getFieldsValue(true), [field]: value });
      return problem ? Promise.reject(new Error(validationMessage(problem.key, lang, problem.params))) : Promise.resolve();
    },
  });

  const onValuesChange = (changed: Partial<UserFormValues>) => {
    for (const key of Object.keys(changed) as Array<keyof UserFormValues>) {
      const dependents = DEPENDENT_FIELDS[key];
      if (dependents) form.validateFields(dependents).catch(() => undefined);
    }
    // Another company offers other roles and departments.
    if ('companyId' in changed || 'userType' in changed) form.setFieldsValue({ roles: [], deptId: undefined });
  };

  const submit = async (values: UserFormValues) => {
    const body = userFormToBody(values, { platform, adding: userId === null });
    setSaving(true);
    try {
      if (userId === null) onSaved({ username: body.username, created: await addUser(body) });
      else {
        await editUser(userId, body);
        onSaved({ username: body.username, created: null });
      }
    } catch (error) {
      // The server names the fields it refused (PARAM_CHECK, DUPLICATE ...); show them where they belong.
      if (isHttpError(error)) {
        const errors = error.errors.length > 0 ? error.errors : (error.envelope?.errors ?? []);
        const known = new Set(Object.keys(FIELD_NAMES));
        form.setFields(errors.filter((e) => known.has(e.field)).map((e) => ({ name: e.field as keyof UserFormValues, errors: [e.message] })));
      }
    } finally {
      setSaving(false);
    }
  };

  const roleOptions = offered.roles.map((r) => ({
    value: r.id,
    label: roleLabel(r, lang),
    // A role granting more than the caller holds would be refused; roles the user already has stay removable.
    disabled: !r.grantable && !(initial.roles ?? []).includes(r.id),
  }));

  return (
    <Form<UserFormValues>
      form={form}
      name="userForm"
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={onValuesChange}
      className="user-form"
      data-testid="user-form"
    >
      {platform && (
        <div className="user-form__row">
          <Form.Item name="userType" label={t('userInfo.userType')}>
            <Radio.Group
              options={[
                { value: '3', label: t('userInfo.userTypeEnterprise') },
                { value: '2', label: t('userInfo.userTypePlatform') },
              ]}
            />
          </Form.Item>
          {userType === '3' && (
            <Form.Item name="companyId" label={t('userInfo.company')} required rules={[rule('companyId')]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('userInfo.selectPlaceholder')}
                options={init.data?.companies ?? []}
                data-testid="user-form-company"
              />
            </Form.Item>
          )}
        </div>
      )}
      <div className="user-form__grid">
        <Form.Item name="username" label={t('userInfo.username')} required rules={[rule('username')]} validateTrigger="onBlur">
          <Input maxLength={64} autoComplete="off" data-testid="user-form-username" />
        </Form.Item>
        <Form.Item name="name" label={t('userInfo.name')} required rules={[rule('name')]} validateTrigger="onBlur">
          <Input maxLength={64} data-testid="user-form-name" />
        </Form.Item>
        <Form.Item name="sex" label={t('userInfo.sex')}>
          <Radio.Group options={init.data?.sexOptions ?? []} />
        </Form.Item>
        <Form.Item name="deptId" label={t('userInfo.dept')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('userInfo.selectPlaceholder')}
            treeData={deptTreeOptions(offered.depts)}
          />
        </Form.Item>
        <Form.Item name="jobTitle" label={t('userInfo.jobTitle')} rules={[rule('jobTitle')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('userInfo.phone')} rules={[rule('phone')]} validateTrigger="onBlur">
          <Input maxLength={11} data-testid="user-form-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('userInfo.email')} rules={[rule('email')]} validateTrigger="onBlur">
          <Input maxLength={254} data-testid="user-form-email" />
        </Form.Item>
        <Form.Item name="birthdate" label={t('userInfo.birthdate')}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="contractStart" label={t('userInfo.contractStart')}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="contractEnd" label={t('userInfo.contractEnd')} rules={[rule('contractEnd')]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="user-form-contract-end" />
        </Form.Item>
      </div>
      <Form.Item name="roles" label={t('userInfo.roles')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('userInfo.selectPlaceholder')}
          options={roleOptions}
        />
      </Form.Item>
      {/* A text address for now; an upload control can fill the same field. */}
      <Form.Item name="avatar" label={t('userInfo.avatar')} extra={t('userInfo.avatarHint')} rules={[rule('avatar')]}>
        <Input maxLength={1000} />
      </Form.Item>
      <Form.Item name="remark" label={t('userInfo.remark')} rules={[rule('remark')]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      <div className="user-form__footer">
        <FormButtons saving={saving} onCancel={onClose} />
      </div>
    </Form>
  );
}

/** Fields of the form, for placing the server's field errors. */
const FIELD_NAMES: Record<keyof UserFormValues, true> = {
  username: true,
  name: true,
  sex: true,
  deptId: true,
  jobTitle: true,
  phone: true,
  email: true,
  birthdate: true,
  contractStart: true,
  contractEnd: true,
  roles: true,
  avatar: true,
  remark: true,
  userType: true,
  companyId: true,
};

function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="user-form-submit">
        {t('common.confirm')}
      </Button>
    </Space>
  );
}
