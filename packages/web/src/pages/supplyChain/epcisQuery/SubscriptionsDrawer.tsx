import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { SUBSCRIPTIONS_KEY, fetchSubscriptions, unsubscribe, type Subscription } from '../../../api/epcisQueries';
import { refusalText } from '../../../api/HttpError';
import { PermissionButton } from '../../../components/PermissionButton';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { formatDateTime } from '../../../utils/format';
import { readSchedule } from './subscriptionForm';
import { SubscriptionFormModal } from './SubscriptionFormModal';

/** A drawer as wide as it may be on a desktop, the whole screen on a phone. */
export const DRAWER_SIZE = 'min(720px, 100vw)';
/** Deliveries go on while the drawer is open: what they did is read again now and then. */
const REFRESH_MS = 15_000;

/** When a subscription delivers, in words. */
export function DeliveryTag({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  if (subscription.stream) return <Tag color="blue">{t('epcisQuery.subscription.stream')}</Tag>;
  const reading = readSchedule(subscription.schedule ?? {});
  const text =
    reading.kind === 'daily'
      ? t('epcisQuery.subscription.dailyAt', { time: reading.time })
      : reading.kind === 'hourly'
        ? t('epcisQuery.subscription.hourlyAt', { minute: reading.minute })
        : t('epcisQuery.subscription.cronAt', { fields: reading.fields });
  return (
    <Tag color="purple" style={{ whiteSpace: 'normal' }}>
      {text}
    </Tag>
  );
}

/**
 * A saved query's subscriptions: where each delivers and when, when it last did, and why its last delivery
 * failed while that is being retried; new ones made and old ones ended here.
 */
export function SubscriptionsDrawer({ queryName, onClose }: { queryName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [adding, setAdding] = useState(false);
  const key = [...SUBSCRIPTIONS_KEY, queryName];
  const list = useQuery({ queryKey: key, queryFn: () => fetchSubscriptions(queryName), refetchInterval: REFRESH_MS });

  const remove = (s: Subscription) =>
    confirmAction({
      title: t('epcisQuery.subscription.deleteTitle'),
      content: t('epcisQuery.subscription.deleteConfirm', { dest: s.dest }),
      action: async () => {
        await unsubscribe(queryName, s.subscriptionID);
        void message.success(t('epcisQuery.subscription.deleted'));
        await queryClient.invalidateQueries({ queryKey: key });
      },
    });

  return (
    <Drawer open size={DRAWER_SIZE} title={t('epcisQuery.subscription.title', { name: queryName })} onClose={onClose} destroyOnHidden data-testid="subscriptions-drawer">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('epcisQuery.subscription.intro')}</Typography.Text>
        <Space wrap>
          <PermissionButton code={PERMISSIONS.epcisSubscribe} type="primary" onClick={() => setAdding(true)} data-testid="subscription-add">
            {t('epcisQuery.subscription.add')}
          </PermissionButton>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending} data-testid="subscriptions-refresh">
            {t('epcisQuery.refresh')}
          </Button>
        </Space>
        {list.isPending ? (
          <Spin />
        ) : list.isError ? (
          <Alert type="error" showIcon title={t('epcisQuery.loadFailed', { reason: refusalText(list.error, '') })} />
        ) : list.data.length === 0 ? (
          <Empty description={t('epcisQuery.subscription.none')} />
        ) : (
          list.data.map((s) => (
            <Card
              key={s.subscriptionID}
              size="small"
              title={
                <Space size={4} wrap>
                  <DeliveryTag subscription={s} />
                  {s.reportIfEmpty && <Tag>{t('epcisQuery.subscription.reportsIfEmpty')}</Tag>}
                </Space>
              }
              extra={
                <PermissionButton code={PERMISSIONS.epcisSubscribe} type="link" size="small" danger onClick={() => remove(s)} data-testid={`subscription-delete-${s.subscriptionID}`}>
                  {t('epcisQuery.subscription.delete')}
                </PermissionButton>
              }
              data-testid="subscription-item"
            >
              <Descriptions size="small" column={1} styles={{ label: { whiteSpace: 'nowrap' } }}>
                <Descriptions.Item label={t('epcisQuery.subscription.listDest')}>
                  <Typography.Text copyable style={{ overflowWrap: 'anywhere' }} data-testid="subscription-dest-text">
                    {s.dest}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('epcisQuery.subscription.createdAt')}>{formatDateTime(s.createdAt)}</Descriptions.Item>
                <Descriptions.Item label={t('epcisQuery.subscription.lastNotifiedAt')}>
                  {s.lastNotifiedAt ? formatDateTime(s.lastNotifiedAt) : <Typography.Text type="secondary">{t('epcisQuery.subscription.never')}</Typography.Text>}
                </Descriptions.Item>
                {s.initialRecordTime && <Descriptions.Item label={t('epcisQuery.subscription.initialRecordTime')}>{formatDateTime(s.initialRecordTime)}</Descriptions.Item>}
              </Descriptions>
              {s.lastError && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  title={t('epcisQuery.subscription.lastError')}
                  description={<span style={{ wordBreak: 'break-word' }}>{s.lastError}</span>}
                  data-testid="subscription-last-error"
                />
              )}
            </Card>
          ))
        )}
      </Space>
      {adding && (
        <SubscriptionFormModal
          queryName={queryName}
          onClose={() => setAdding(false)}
          onCreated={() => setAdding(false)}
        />
      )}
    </Drawer>
  );
}
