import { useState, type Key } from 'react';
import { App, DatePicker, Form, Input, Select, Space, Switch, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERMISSIONS, type UserPasswordResult, type UserStatus } from '@rd/contract';
import {
  exportUsers,
  fetchUserInit,
  fetchUsers,
  resetUserPassword,
  setUserStatus,
  type UserFilters,
  type UserRow,
} from '../../api/userinfo';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { sessionStore } from '../../app/state/sessionStore';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { usePermission } from '../../components/usePermission';
import { DATE_FORMAT, formatDateTime } from '../../utils/format';
import { deptTreeOptions, optionLabel, roleLabel } from './userInfo/display';
import { PasswordOnce } from './userInfo/PasswordOnce';
import { UserFormModal } from './userInfo/UserFormModal';
import { userSearchFilters } from './userInfo/userSearch';

const USERS_KEY = ['userInfo'] as const;

/** The form being shown: adding (id null) or editing a user. */
type Editing = { userId: string | null } | null;

/**
 * Users (spec 7.2): search, paged list, add and edit, enable and disable, password reset with the new
 * password shown once, export of the chosen rows or of the filtered list, and the detail view.
 */
export default function UserInfo() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmAction();
  const lang = useStore(appStore, (s) => s.language);
  const me = useStore(sessionStore, (s) => s.user);
  const platform = me !== null && me.userType !== '3';
  const canChangeStatus = usePermission(PERMISSIONS.userStatus);

  const init = useQuery({ queryKey: ['userInit', '', lang], queryFn: () => fetchUserInit() });
  const [filters, setFilters] = useState<UserFilters>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Editing>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });

  const showPassword = (username: string, result: UserPasswordResult, kind: 'initial' | 'reset') => {
    modal.info({
      title: t('userInfo.passwordTitle'),
      content: <PasswordOnce username={username} password={result.password} kind={kind} />,
      okText: t('common.confirm'),
      width: 480,
    });
  };

  const statusChange = useMutation({
    mutationFn: ({ row, value }: { row: UserRow; value: UserStatus }) => setUserStatus(row.id, value),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await refresh();
    },
  });
  const passwordReset = useMutation({
    mutationFn: (row: UserRow) => resetUserPassword(row.id),
    onSuccess: (result, row) => showPassword(row.username, result, 'reset'),
  });

  const confirmStatus = (row: UserRow, enable: boolean) =>
    confirm({
      title: t('userInfo.statusTitle'),
      content: enable ? t('userInfo.enableConfirm', { username: row.username }) : t('userInfo.disableConfirm', { username: row.username }),
      danger: !enable,
      action: () => statusChange.mutateAsync({ row, value: enable ? '1' : '0' }),
    });

  const confirmReset = (row: UserRow) =>
    confirm({
      title: t('userInfo.resetPassword'),
      content: t('userInfo.resetPasswordConfirm', { username: row.username }),
      action: () => passwordReset.mutateAsync(row),
    });

  const runExport = async () => {
    // The chosen rows when there are any, else everything the current search finds.
    const body = selected.length > 0 ? { ids: selected.map(String) } : filters;
    try {
      const file = await exportUsers(body, `${t('userInfo.exportFileName')}.xlsx`);
      void message.success(t('userInfo.exportDone', { file }));
    } catch {
      // already reported by the HTTP client
    }
  };

  const openView = (row: UserRow) => {
    void navigate({ pathname: '../userView', search: `?id=${encodeURIComponent(row.id)}` }, { relative: 'path' });
  };

  const columns: TableColumnsType<UserRow> = [
    { key: 'userCode', dataIndex: 'userCode', title: t('userInfo.userCode'), sorter: true, className: 'cell-nowrap' },
    { key: 'username', dataIndex: 'username', title: t('userInfo.username'), sorter: true },
    { key: 'name', dataIndex: 'name', title: t('userInfo.name'), sorter: true },
    { key: 'sex', dataIndex: 'sex', title: t('userInfo.sex'), render: (sex: string) => optionLabel(init.data?.sexOptions, sex) },
    ...(platform ? [{ key: 'companyName', dataIndex: 'companyName', title: t('userInfo.company') }] : []),
    { key: 'deptName', dataIndex: 'deptName', title: t('userInfo.dept'), sorter: true },
    { key: 'phone', dataIndex: 'phone', title: t('userInfo.phone') },
    {
      key: 'roles',
      dataIndex: 'roles',
      title: t('userInfo.roles'),
      render: (roles: UserRow['roles']) => roles.map((r) => <Tag key={r.id}>{roleLabel(r, lang)}</Tag>),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('userInfo.status'),
      sorter: true,
      render: (status: UserStatus, row) =>
        canChangeStatus ? (
          <Switch
            size="small"
            checked={status === '1'}
            // Nobody disables their own account from here.
            disabled={row.id === me?.userId && status === '1'}
            loading={statusChange.isPending && statusChange.variables?.row.id === row.id}
            onChange={(checked) => confirmStatus(row, checked)}
            aria-label={t('userInfo.status')}
            data-testid={`user-status-${row.id}`}
          />
        ) : (
          <Tag color={status === '1' ? 'success' : 'default'}>{optionLabel(init.data?.statusOptions, status)}</Tag>
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('userInfo.createdAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.userList} type="link" size="small" onClick={() => openView(row)} data-testid={`user-view-${row.id}`}>
            {t('userInfo.view')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.userEdit}
            type="link"
            size="small"
            onClick={() => setEditing({ userId: row.id })}
            data-testid={`user-edit-${row.id}`}
          >
            {t('userInfo.edit')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.userResetPassword}
            type="link"
            size="small"
            danger
            onClick={() => confirmReset(row)}
            data-testid={`user-reset-${row.id}`}
          >
            {t('userInfo.resetPassword')}
          </PermissionButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<UserRow, UserFilters>
        queryKey={USERS_KEY}
        fetchPage={fetchUsers}
        columns={columns}
        rowKey="id"
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
        toFilters={(values) => {
          // Kept for the export: without a selection it exports what the search finds.
          const next = userSearchFilters(values);
          setFilters(next);
          return next;
        }}
        searchFields={
          <>
            <Form.Item name="username" label={t('userInfo.username')}>
              <Input allowClear data-testid="user-search-username" />
            </Form.Item>
            <Form.Item name="name" label={t('userInfo.name')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="phone" label={t('userInfo.phone')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="status" label={t('userInfo.status')}>
              <Select allowClear style={{ width: 110 }} placeholder={t('common.all')} options={init.data?.statusOptions ?? []} />
            </Form.Item>
            <Form.Item name="deptId" label={t('userInfo.dept')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                style={{ width: 180 }}
                placeholder={t('common.all')}
                treeData={deptTreeOptions(init.data?.depts ?? [])}
              />
            </Form.Item>
            <Form.Item name="roleCode" label={t('userInfo.roles')}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t('common.all')}
                options={(init.data?.roles ?? []).map((r) => ({ value: r.roleCode, label: roleLabel(r, lang) }))}
              />
            </Form.Item>
            {platform && (
              <Form.Item name="companyId" label={t('userInfo.company')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 200 }}
                  placeholder={t('common.all')}
                  options={init.data?.companies ?? []}
                />
              </Form.Item>
            )}
            <Form.Item name="createdRange" label={t('userInfo.createdRange')}>
              <DatePicker.RangePicker format={DATE_FORMAT} placeholder={[t('userInfo.beginDate'), t('userInfo.endDate')]} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <PermissionButton code={PERMISSIONS.userAdd} type="primary" onClick={() => setEditing({ userId: null })} data-testid="user-add">
              {t('userInfo.add')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.userExport} onClick={() => void runExport()} data-testid="user-export">
              {selected.length > 0 ? t('userInfo.exportSelected', { count: selected.length }) : t('userInfo.export')}
            </PermissionButton>
          </Space>
        }
      />
      {editing && (
        <UserFormModal
          userId={editing.userId}
          platform={platform}
          onClose={() => setEditing(null)}
          onSaved={({ username, created }) => {
            setEditing(null);
            void refresh();
            void queryClient.invalidateQueries({ queryKey: ['userDetail'] });
            if (created) showPassword(username, created, 'initial');
            else void message.success(t('common.operationSuccess'));
          }}
        />
      )}
    </>
  );
}
