import { useState } from 'react';
import { Alert, App, Button, Card, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { NAMED_QUERIES_KEY, deleteNamedQuery, fetchNamedQueries, type NamedQuery } from '../../../api/epcisQueries';
import { refusalText } from '../../../api/HttpError';
import { usePermission } from '../../../components/usePermission';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { QueryParameters } from './QueryParameters';
import { DRAWER_SIZE, SubscriptionsDrawer } from './SubscriptionsDrawer';

export interface SavedQueriesDrawerProps {
  /** The saved query whose results the screen shows, if any. */
  shown: string | null;
  onRun: (query: NamedQuery) => void;
  onDeleted: (name: string) => void;
  onClose: () => void;
}

/**
 * The company's saved queries: each with its filters in words, run into the events table, its
 * subscriptions one click away, deleted after a question. Buttons follow the user's permissions.
 */
export function SavedQueriesDrawer({ shown, onRun, onDeleted, onClose }: SavedQueriesDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const canDelete = usePermission(PERMISSIONS.epcisQuery);
  const canSubscribe = usePermission(PERMISSIONS.epcisSubscribe);
  const [subscriptionsOf, setSubscriptionsOf] = useState<string | null>(null);
  const list = useQuery({ queryKey: NAMED_QUERIES_KEY, queryFn: fetchNamedQueries });

  const remove = (name: string) =>
    confirmAction({
      title: t('epcisQuery.deleteTitle'),
      content: t('epcisQuery.deleteConfirm', { name }),
      action: async () => {
        await deleteNamedQuery(name);
        void message.success(t('epcisQuery.deleted', { name }));
        onDeleted(name);
        await queryClient.invalidateQueries({ queryKey: NAMED_QUERIES_KEY });
      },
    });

  const actions = (q: NamedQuery) => [
    <Button key="run" type="link" size="small" onClick={() => onRun(q)} data-testid={`saved-query-run-${q.name}`}>
      {t('epcisQuery.run')}
    </Button>,
    ...(canSubscribe
      ? [
          <Button key="subscriptions" type="link" size="small" onClick={() => setSubscriptionsOf(q.name)} data-testid={`saved-query-subscriptions-${q.name}`}>
            {t('epcisQuery.subscriptions')}
          </Button>,
        ]
      : []),
    ...(canDelete
      ? [
          <Button key="delete" type="link" size="small" danger onClick={() => remove(q.name)} data-testid={`saved-query-delete-${q.name}`}>
            {t('epcisQuery.delete')}
          </Button>,
        ]
      : []),
  ];

  return (
    <Drawer open size={DRAWER_SIZE} title={t('epcisQuery.list')} onClose={onClose} destroyOnHidden data-testid="saved-queries">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('epcisQuery.listIntro')}</Typography.Text>
        {list.isPending ? (
          <Spin />
        ) : list.isError ? (
          <Alert type="error" showIcon title={t('epcisQuery.loadFailed', { reason: refusalText(list.error, '') })} />
        ) : list.data.length === 0 ? (
          <Empty description={t('epcisQuery.none')} />
        ) : (
          list.data.map((q) => (
            <Card
              key={q.name}
              size="small"
              title={
                <Typography.Text strong ellipsis={{ tooltip: q.name }}>
                  {q.name}
                </Typography.Text>
              }
              extra={q.name === shown ? <Tag color="blue">{t('epcisQuery.current')}</Tag> : null}
              actions={actions(q)}
              data-testid={`saved-query-${q.name}`}
            >
              <QueryParameters query={q.query} />
            </Card>
          ))
        )}
      </Space>
      {subscriptionsOf !== null && <SubscriptionsDrawer queryName={subscriptionsOf} onClose={() => setSubscriptionsOf(null)} />}
    </Drawer>
  );
}
