import { useState } from 'react';
import { App, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { deleteRole, fetchRoles, type RoleFilters, type RoleRow } from '../../api/userRole';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { sessionStore } from '../../app/state/sessionStore';
import { formatDateTime } from '../../utils/format';
import { RoleFormModal } from './userRole/RoleFormModal';
import { RoleGrantDrawer } from './userRole/RoleGrantDrawer';
import { RoleUsersModal } from './userRole/RoleUsersModal';

const QUERY_KEY = ['userRole', 'list'] as const;

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; role: RoleRow | null }
  | { kind: 'grant'; role: RoleRow }
  | { kind: 'users'; role: RoleRow };

/**
 * Roles: list with search, add and edit (live name check), delete, menu and button grants as a tree,
 * and the users holding a role. Built-in roles are read-only to enterprise administrators.
 */
export default function UserRole() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const userType = useStore(sessionStore, (s) => s.user?.userType ?? '3');
  const platformUser = userType === '1' || userType === '2';
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  const remove = useMutation({
    mutationFn: (role: RoleRow) => deleteRole(role.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });

  const nameOf = (role: RoleRow) => (lang === 'en_US' && role.roleNameEn ? role.roleNameEn : role.roleName);

  // A refusal (e.g. the role is in use) comes with the server's message.
  const confirmDelete = (role: RoleRow) =>
    confirm({
      title: t('userRole.deleteTitle'),
      content: t('userRole.deleteConfirm', { name: nameOf(role) }),
      action: () => remove.mutateAsync(role),
    });

  const columns: TableColumnsType<RoleRow> = [
    {
      key: 'roleName',
      dataIndex: 'roleName',
      title: t('userRole.roleName'),
      sorter: true,
      render: (_: string, role) => (
        <>
          {nameOf(role)} {role.builtin && <Tag>{t('userRole.builtin')}</Tag>}
        </>
      ),
    },
    { key: 'roleCode', dataIndex: 'roleCode', title: t('userRole.roleCode'), sorter: true },
    {
      key: 'scope',
      dataIndex: 'scope',
      title: t('userRole.scope'),
      render: (scope: RoleRow['scope']) => <Tag color={scope === 'PLATFORM' ? 'purple' : 'blue'}>{t(`userRole.scope${scope}`)}</Tag>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('userRole.status'),
      sorter: true,
      render: (status: RoleRow['status']) => (
        <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{t(`userRole.status${status}`)}</Tag>
      ),
    },
    { key: 'sort', dataIndex: 'sort', title: t('userRole.sort'), sorter: true },
    { key: 'remark', dataIndex: 'remark', title: t('userRole.remark'), ellipsis: true },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('userRole.createdAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      render: (_, role) => (
        <Space size={0} wrap>
          <PermissionButton
            code={PERMISSIONS.roleEdit}
            type="link"
            size="small"
            disabled={!role.editable}
            data-testid={`role-edit-${role.roleCode}`}
            onClick={() => setDialog({ kind: 'form', role })}
          >
            {t('userRole.edit')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.roleGrant}
            type="link"
            size="small"
            data-testid={`role-grant-${role.roleCode}`}
            onClick={() => setDialog({ kind: 'grant', role })}
          >
            {t('userRole.grant')}
          </PermissionButton>
          {/* Platform users give enterprise roles to a company's users from the users screen. */}
          {!(platformUser && role.scope === 'ENTERPRISE') && (
            <PermissionButton
              code={PERMISSIONS.roleGrant}
              type="link"
              size="small"
              data-testid={`role-users-${role.roleCode}`}
              onClick={() => setDialog({ kind: 'users', role })}
            >
              {t('userRole.users')}
            </PermissionButton>
          )}
          <PermissionButton
            code={PERMISSIONS.roleDelete}
            type="link"
            size="small"
            danger
            disabled={!role.editable}
            data-testid={`role-delete-${role.roleCode}`}
            onClick={() => confirmDelete(role)}
          >
            {t('userRole.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<RoleRow, RoleFilters>
        queryKey={QUERY_KEY}
        fetchPage={fetchRoles}
        columns={columns}
        rowKey="id"
        searchFields={
          <>
            <Form.Item name="roleName" label={t('userRole.roleName')}>
              <Input allowClear data-testid="role-search-name" />
            </Form.Item>
            <Form.Item name="status" label={t('userRole.status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.all')}
                options={[
                  { value: 'ENABLED', label: t('userRole.statusENABLED') },
                  { value: 'DISABLED', label: t('userRole.statusDISABLED') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.roleAdd} type="primary" data-testid="role-add" onClick={() => setDialog({ kind: 'form', role: null })}>
            {t('userRole.add')}
          </PermissionButton>
        }
      />
      {dialog.kind === 'form' && (
        <RoleFormModal
          role={dialog.role}
          platformUser={platformUser}
          onClose={close}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
            close();
          }}
        />
      )}
      {dialog.kind === 'grant' && <RoleGrantDrawer role={dialog.role} onClose={close} />}
      {dialog.kind === 'users' && <RoleUsersModal role={dialog.role} onClose={close} />}
    </>
  );
}
