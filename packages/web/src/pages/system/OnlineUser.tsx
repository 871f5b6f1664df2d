import { App, Form, Input, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { fetchOnlineUsers, forceLogout, type OnlineUserQuery, type OnlineUserRow } from '../../api/admin';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { formatDateTime } from '../../utils/format';

type Filters = Pick<OnlineUserQuery, 'username'>;

const QUERY_KEY = ['onlineUser'] as const;

/** Active sessions; an administrator with system:session:kick can end one. */
export default function OnlineUser() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const kick = useMutation({
    mutationFn: (row: OnlineUserRow) => forceLogout(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });

  const confirmKick = (row: OnlineUserRow) =>
    confirm({
      title: t('onlineUser.forceLogoutTitle'),
      content: t('onlineUser.forceLogoutConfirm', { username: row.username }),
      action: () => kick.mutateAsync(row),
    });

  const columns: TableColumnsType<OnlineUserRow> = [
    {
      key: 'username',
      dataIndex: 'username',
      title: t('onlineUser.username'),
      render: (username: string, row) => (
        <>
          {username} {row.current && <Tag color="blue">{t('onlineUser.current')}</Tag>}
        </>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('onlineUser.name') },
    { key: 'companyName', dataIndex: 'companyName', title: t('onlineUser.companyName') },
    { key: 'ip', dataIndex: 'ip', title: t('onlineUser.ip') },
    { key: 'userAgent', dataIndex: 'userAgent', title: t('onlineUser.userAgent'), ellipsis: true, width: 260 },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('onlineUser.createdAt'), className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('onlineUser.lastSeenAt'), className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      render: (_, row) => (
        <PermissionButton
          code={PERMISSIONS.sessionKick}
          type="link"
          danger
          size="small"
          disabled={row.current}
          data-testid={`force-logout-${row.id}`}
          onClick={() => confirmKick(row)}
        >
          {t('onlineUser.forceLogout')}
        </PermissionButton>
      ),
    },
  ];

  return (
    <PagedTable<OnlineUserRow, Filters>
      queryKey={QUERY_KEY}
      fetchPage={fetchOnlineUsers}
      columns={columns}
      rowKey="id"
      searchFields={
        <Form.Item name="username" label={t('onlineUser.username')}>
          <Input allowClear data-testid="onlineuser-username" />
        </Form.Item>
      }
    />
  );
}
