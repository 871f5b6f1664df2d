import { useState } from 'react';
import { Card, DatePicker, Form, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { PERMISSIONS, PROVINCES, type ChannelConflictFilter, type ChannelConflictRow, type Lang } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { CONFLICTS_QUERY_KEY, DEALERS_QUERY_KEY, exportConflicts, fetchConflictPage, fetchConflictSummary, fetchDealerOptions } from '../../api/supplyChain';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { ProductBatchFields } from '../../components/ProductBatchFields';
import { usePermission } from '../../components/usePermission';
import { DATE_FORMAT, EMPTY, formatDateTime } from '../../utils/format';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function conflictFilters(values: Record<string, unknown>): ChannelConflictFilter {
  const range = values.date as [Dayjs, Dayjs] | null | undefined;
  return {
    dealerId: text(values.dealerId),
    productId: text(values.productId),
    batchId: text(values.batchId),
    areaCode: text(values.areaCode),
    beginDate: range?.[0]?.format(DATE_FORMAT),
    endDate: range?.[1]?.format(DATE_FORMAT),
  };
}

/**
 * Channel-conflict alerts (窜货预警): genuine scans of shipped goods outside the receiving dealer's sales
 * area, with counts by province scanned in and by dealer, filters by dealer, product, batch, area and day,
 * and the export of what the filters match. Each dealer's own alerts are also on its view (DealerDetailDrawer).
 */
export default function ChannelConflict() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [filters, setFilters] = useState<ChannelConflictFilter>({});
  const canSeeDealers = usePermission(PERMISSIONS.dealerList);
  const dealers = useQuery({ queryKey: [...DEALERS_QUERY_KEY, 'options'], queryFn: () => fetchDealerOptions(), enabled: canSeeDealers });
  const summary = useQuery({ queryKey: [...CONFLICTS_QUERY_KEY, 'summary', filters], queryFn: () => fetchConflictSummary(filters) });

  const columns: TableColumnsType<ChannelConflictRow> = [
    { key: 'scannedAt', dataIndex: 'scannedAt', title: t('supply.conflict.scannedAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    { key: 'code', dataIndex: 'code', title: t('supply.conflict.code'), className: 'cell-nowrap' },
    { key: 'product', title: t('supply.conflict.product'), render: (_, r) => [r.productName, r.batchNo].filter(Boolean).join(' / ') || EMPTY },
    { key: 'dealer', title: t('supply.conflict.dealer'), render: (_, r) => `${r.dealerCode} ${r.dealerName}` },
    { key: 'orderNo', dataIndex: 'orderNo', title: t('supply.conflict.orderNo'), className: 'cell-nowrap' },
    {
      key: 'dealerAreas',
      title: t('supply.conflict.dealerAreas'),
      render: (_, r) => (
        <Space size={4} wrap>
          {r.dealerAreaCodes.map((c) => (
            <Tag key={c}>{areaName(c, lang)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'scanPlace',
      title: t('supply.conflict.scanPlace'),
      render: (_, r) => <Tag color="error">{areaName(r.scanCityCode || r.scanAreaCode, lang)}</Tag>,
    },
    {
      key: 'locatedBy',
      title: t('supply.conflict.locatedBy'),
      className: 'cell-nowrap',
      render: (_, r) => (r.locatedBy === 'POSITION' ? t('supply.conflict.byPosition') : r.ip ? t('supply.conflict.byIp', { ip: r.ip }) : EMPTY),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" data-testid="conflict-summary">
        <Space size="large" align="start" wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('supply.conflict.total', { total: summary.data?.total ?? 0 })}
          </Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="areaCode"
            title={() => t('supply.conflict.byProvince')}
            dataSource={summary.data?.provinces ?? []}
            columns={[
              { key: 'areaCode', dataIndex: 'areaCode', render: (c: string) => areaName(c, lang) },
              { key: 'count', dataIndex: 'count' },
            ]}
            showHeader={false}
          />
          <Table
            size="small"
            pagination={false}
            rowKey="dealerId"
            title={() => t('supply.conflict.byDealer')}
            dataSource={summary.data?.dealers ?? []}
            columns={[
              { key: 'dealer', render: (_: unknown, d: { dealerCode: string; dealerName: string }) => `${d.dealerCode} ${d.dealerName}` },
              { key: 'count', dataIndex: 'count' },
            ]}
            showHeader={false}
          />
        </Space>
      </Card>
      <PagedTable<ChannelConflictRow, ChannelConflictFilter>
        queryKey={CONFLICTS_QUERY_KEY}
        fetchPage={fetchConflictPage}
        columns={columns}
        rowKey="id"
        toFilters={(values) => {
          const next = conflictFilters(values);
          setFilters(next);
          return next;
        }}
        searchFields={
          <>
            {canSeeDealers && (
              <Form.Item name="dealerId" label={t('supply.conflict.dealer')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 200 }}
                  placeholder={t('common.all')}
                  options={(dealers.data ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }))}
                  data-testid="conflict-dealer"
                />
              </Form.Item>
            )}
            <ProductBatchFields testIdPrefix="conflict" />
            <Form.Item name="areaCode" label={t('supply.conflict.area')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 160 }}
                placeholder={t('common.all')}
                options={PROVINCES.map((p) => ({ value: p.code, label: lang === 'zh_CN' ? p.shortName : p.nameEn }))}
              />
            </Form.Item>
            <Form.Item name="date" label={t('supply.conflict.date')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.conflictExport} onClick={() => void exportConflicts(filters).catch(() => undefined)} data-testid="conflict-export">
            {t('supply.conflict.export')}
          </PermissionButton>
        }
      />
    </Space>
  );
}
