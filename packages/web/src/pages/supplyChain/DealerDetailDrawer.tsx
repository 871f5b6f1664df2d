import { Card, Descriptions, Drawer, Empty, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type ChannelConflictRow, type Lang, type ShipmentRow } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { CONFLICTS_QUERY_KEY, DEALERS_QUERY_KEY, SHIPMENTS_QUERY_KEY, fetchConflictPage, fetchConflictSummary, fetchDealerOverview, fetchShipmentPage } from '../../api/supplyChain';
import { usePermission } from '../../components/usePermission';
import { EMPTY, formatDateTime } from '../../utils/format';
import { SHIPMENT_STATUS_COLORS } from './shipmentStatus';

const RECENT = 5;

/**
 * The per-dealer view: the dealer's fields, its sub-dealers (each opens its own view), what is at it now
 * and what went to it and came back, and, as the user's permissions allow, its latest orders and its
 * channel-conflict alerts with the provinces they came from.
 */
export function DealerDetailDrawer({ dealerId, onOpen, onClose }: { dealerId: string; onOpen: (id: string) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const canSeeShipments = usePermission(PERMISSIONS.shipmentList);
  const canSeeConflicts = usePermission(PERMISSIONS.conflictList);
  const overview = useQuery({ queryKey: [...DEALERS_QUERY_KEY, 'overview', dealerId], queryFn: () => fetchDealerOverview(dealerId) });
  const shipments = useQuery({
    queryKey: [...SHIPMENTS_QUERY_KEY, 'dealer', dealerId],
    queryFn: () => fetchShipmentPage({ dealerId, pageNum: 1, pageSize: RECENT }),
    enabled: canSeeShipments,
  });
  const conflictFilter = { dealerId };
  const conflicts = useQuery({ queryKey: [...CONFLICTS_QUERY_KEY, 'dealer', dealerId], queryFn: () => fetchConflictPage({ ...conflictFilter, pageNum: 1, pageSize: RECENT }), enabled: canSeeConflicts });
  const conflictSummary = useQuery({ queryKey: [...CONFLICTS_QUERY_KEY, 'summary', conflictFilter], queryFn: () => fetchConflictSummary(conflictFilter), enabled: canSeeConflicts });
  const data = overview.data;
  const dealer = data?.dealer;

  return (
    <Drawer open size={760} destroyOnHidden title={dealer ? `${t('supply.dealer.detail.title')} · ${dealer.code} ${dealer.name}` : t('supply.dealer.detail.title')} onClose={onClose} data-testid="dealer-detail">
      {overview.isPending ? (
        <Spin />
      ) : !data || !dealer ? (
        <Empty description={t('supply.dealer.detail.notFound')} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space size="large" wrap data-testid="dealer-detail-figures">
            <Statistic title={t('supply.dealer.detail.itemsAtDealer')} value={data.itemsAtDealer} />
            <Statistic title={t('supply.dealer.detail.itemsShipped')} value={data.itemsShipped} />
            <Statistic title={t('supply.dealer.detail.outboundOrders')} value={data.outboundOrders} />
            <Statistic title={t('supply.dealer.detail.awaitingReceipt')} value={data.awaitingReceipt} />
            <Statistic title={t('supply.dealer.detail.itemsReturned')} value={data.itemsReturned} />
          </Space>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('supply.dealer.level')}>{t('supply.dealer.levelN', { level: dealer.level })}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.parent')}>{dealer.parentName ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.areas')} span={2}>
              <Space size={4} wrap>
                {dealer.areaCodes.map((code) => (
                  <Tag key={code}>{areaName(code, lang)}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.contact')}>{dealer.contact || EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.phone')}>{dealer.phone || EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.address')} span={2}>{dealer.address || EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.status')}>{t(`supply.dealer.statuses.${dealer.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.detail.lastShippedAt')}>{data.lastShippedAt ? formatDateTime(data.lastShippedAt) : EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.namePublic')}>{dealer.namePublic ? t('supply.dealer.detail.yes') : t('supply.dealer.detail.no')}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.remark')}>{dealer.remark || EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('supply.dealer.detail.children')} span={2}>
              {data.children.length === 0 ? (
                t('supply.dealer.detail.noChildren')
              ) : (
                <Space size={4} wrap>
                  {data.children.map((child) => (
                    <Tag key={child.id} style={{ cursor: 'pointer' }} color="blue" onClick={() => onOpen(child.id)} data-testid={`dealer-child-${child.code}`}>
                      {child.code} {child.name}
                    </Tag>
                  ))}
                </Space>
              )}
            </Descriptions.Item>
          </Descriptions>
          {canSeeShipments && (
            <Card size="small" title={t('supply.dealer.detail.recentShipments')}>
              <Table<ShipmentRow>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={shipments.data?.list ?? []}
                loading={shipments.isPending}
                columns={[
                  { key: 'orderNo', dataIndex: 'orderNo', title: t('supply.shipment.orderNo'), className: 'cell-nowrap' },
                  { key: 'kind', dataIndex: 'kind', title: t('supply.shipment.kind'), render: (kind: ShipmentRow['kind']) => t(`supply.shipment.kinds.${kind}`) },
                  {
                    key: 'status',
                    dataIndex: 'status',
                    title: t('supply.shipment.status'),
                    render: (status: ShipmentRow['status']) => <Tag color={SHIPMENT_STATUS_COLORS[status]}>{t(`supply.shipment.statuses.${status}`)}</Tag>,
                  },
                  { key: 'items', dataIndex: 'itemCount', title: t('supply.shipment.items') },
                  { key: 'createdAt', dataIndex: 'createdAt', title: t('supply.shipment.createdAt'), className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
                ]}
              />
            </Card>
          )}
          {canSeeConflicts && (
            <Card
              size="small"
              title={t('supply.dealer.detail.recentConflicts')}
              extra={<Typography.Text type={conflictSummary.data?.total ? 'danger' : 'secondary'}>{t('supply.dealer.detail.conflictTotal', { total: conflictSummary.data?.total ?? 0 })}</Typography.Text>}
              data-testid="dealer-detail-conflicts"
            >
              <Space orientation="vertical" style={{ width: '100%' }}>
                {(conflictSummary.data?.provinces.length ?? 0) > 0 && (
                  <Space size={4} wrap>
                    {conflictSummary.data?.provinces.map((p) => (
                      <Tag key={p.areaCode} color="error">
                        {areaName(p.areaCode, lang)} {p.count}
                      </Tag>
                    ))}
                  </Space>
                )}
                <Table<ChannelConflictRow>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={conflicts.data?.list ?? []}
                  loading={conflicts.isPending}
                  columns={[
                    { key: 'scannedAt', dataIndex: 'scannedAt', title: t('supply.conflict.scannedAt'), className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
                    { key: 'code', dataIndex: 'code', title: t('supply.conflict.code') },
                    { key: 'place', title: t('supply.conflict.scanPlace'), render: (_, r) => areaName(r.scanCityCode || r.scanAreaCode, lang) },
                  ]}
                />
              </Space>
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}
