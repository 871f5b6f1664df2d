import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Spin, Transfer } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { usePermission } from '../../../components/usePermission';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { fetchRoleCandidates, fetchRoleUsers, saveRoleUsers, type RoleCandidate, type RoleRow } from '../../../api/userRole';

export interface RoleUsersModalProps {
  role: RoleRow;
  onClose: () => void;
}

interface UserOption {
  key: string;
  username: string;
  name: string;
}

export const roleUsersKey = (roleId: string) => ['userRole', 'users', roleId] as const;

/** Which users of the company hold a role: candidates on the left, holders on the right. */
export function RoleUsersModal({ role, onClose }: RoleUsersModalProps) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  // The candidates come from the user list, which needs its own permission.
  const mayListUsers = usePermission(PERMISSIONS.userList);
  const holders = useQuery({ queryKey: [...roleUsersKey(role.id)], queryFn: () => fetchRoleUsers(role.id), staleTime: 0 });
  const candidates = useQuery({
    queryKey: ['userRole', 'candidates'],
    queryFn: fetchRoleCandidates,
    enabled: mayListUsers,
  });
  const ready = holders.data && (!mayListUsers || candidates.data);
  const name = lang === 'en_US' && role.roleNameEn ? role.roleNameEn : role.roleName;

  return (
    <Modal open title={t('userRole.usersTitle', { name })} footer={null} width={720} onCancel={onClose} destroyOnHidden>
      {ready ? (
        <UsersEditor
          role={role}
          holders={holders.data.map((u) => ({ key: u.id, username: u.username, name: u.name }))}
          candidates={candidates.data ?? []}
          mayAdd={mayListUsers}
          onDone={onClose}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

function UsersEditor(props: { role: RoleRow; holders: UserOption[]; candidates: RoleCandidate[]; mayAdd: boolean; onDone: () => void }) {
  const { role, holders, candidates, mayAdd, onDone } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [targetKeys, setTargetKeys] = useState<string[]>(() => holders.map((h) => h.key));
  const options = new Map<string, UserOption>(holders.map((h) => [h.key, h]));
  for (const c of candidates) if (!options.has(c.id)) options.set(c.id, { key: c.id, username: c.username, name: c.name });

  const save = useMutation({
    mutationFn: () => saveRoleUsers(role.id, targetKeys),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: roleUsersKey(role.id) });
      onDone();
    },
  });

  return (
    <>
      {!mayAdd && <Alert type="info" showIcon title={t('userRole.noUserList')} style={{ marginBottom: 12 }} />}
      <Transfer<UserOption>
        dataSource={[...options.values()]}
        targetKeys={targetKeys}
        onChange={(keys) => setTargetKeys(keys.map(String))}
        titles={[t('userRole.candidates'), t('userRole.holders')]}
        render={(u) => `${u.username}${u.name && u.name !== u.username ? ` (${u.name})` : ''}`}
        showSearch
        filterOption={(input, u) => `${u.username} ${u.name}`.toLowerCase().includes(input.trim().toLowerCase())}
        locale={{ searchPlaceholder: t('userRole.searchUsers') }}
        styles={{ section: { width: 300, height: 360 } }}
        data-testid="role-users-transfer"
      />
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="role-users-save">
          {t('userRole.save')}
        </Button>
      </Space>
    </>
  );
}
