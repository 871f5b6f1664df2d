import { useCallback, useMemo, useState } from 'react';
import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { PERMISSIONS, USER_TYPE, provinceByCode, type AreaCount, type CodeRank, type StatRange } from '@rd/contract';
import {
  STATISTICS_QUERY_KEY,
  fetchAreaCounts,
  fetchClientTypes,
  fetchCodeRanking,
  fetchProductRanking,
  fetchRecalledScanMap,
  fetchScanMap,
  fetchScanTrend,
} from '../../api/statistics';
import { fetchConflictSummary } from '../../api/supplyChain';
import { usePermission } from '../../components/usePermission';
import { sessionStore } from '../../app/state/sessionStore';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { DATE_FORMAT } from '../../utils/format';
import { dateRangePresets, shortcutRange } from '../../utils/dateShortcuts';
import { EChart, type EChartProps } from './EChart';
import { CompanyPicker, useCompanyPicking } from './CompanyPicker';
import { KeyFigures } from './KeyFigures';
import { businessNow } from './businessNow';
import './statistic.css';

type Option = EChartProps['option'];
const PRIMARY = '#004da1';

/** The picked days as the calls take them. */
function toRange(range: [Dayjs, Dayjs], companyId: string | undefined): StatRange {
  return { beginDate: range[0].format(DATE_FORMAT), endDate: range[1].format(DATE_FORMAT), ...(companyId ? { companyId } : {}) };
}

/**
 * Scan statistics (spec 7.7; never cached): key figures, the China map and province list, the trend by
 * day and week, client types, product and code rankings, over a date range with the spec 9 shortcuts.
 */
/** What the map lays by province: scans, scans of recalled items, or the company's channel conflicts. */
type MapLayer = 'scans' | 'recalled' | 'conflicts';

export default function Statistic() {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const [picked, setPicked] = useState<[Dayjs, Dayjs]>(() => shortcutRange('last30Days', businessNow()));
  const [trendBy, setTrendBy] = useState<'day' | 'week'>('day');
  const picking = useCompanyPicking();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const range = toRange(picked, companyId);
  const key = [...STATISTICS_QUERY_KEY, range.beginDate, range.endDate, companyId ?? ''];

  const map = useQuery({ queryKey: [...key, 'map'], queryFn: () => fetchScanMap(range) });
  // a company's own channel conflicts can be laid on the map instead of its scans
  const sessionUser = useStore(sessionStore, (s) => s.user);
  const canSeeConflicts = usePermission(PERMISSIONS.conflictList) && sessionUser?.userType === USER_TYPE.ENTERPRISE;
  const [layer, setLayer] = useState<MapLayer>('scans');
  // where recalled items were scanned, for everyone who sees the statistics
  const recalled = useQuery({ queryKey: [...key, 'recalledMap'], queryFn: () => fetchRecalledScanMap(range), enabled: layer === 'recalled' });
  const layers: MapLayer[] = canSeeConflicts ? ['scans', 'recalled', 'conflicts'] : ['scans', 'recalled'];
  const conflicts = useQuery({
    queryKey: [...key, 'conflicts'],
    queryFn: () => fetchConflictSummary({ beginDate: range.beginDate, endDate: range.endDate }),
    enabled: canSeeConflicts && layer === 'conflicts',
  });
  const areas = useQuery({ queryKey: [...key, 'areas'], queryFn: () => fetchAreaCounts(range) });
  const trend = useQuery({ queryKey: [...key, 'trend'], queryFn: () => fetchScanTrend(range) });
  const clients = useQuery({ queryKey: [...key, 'clients'], queryFn: () => fetchClientTypes(range) });
  const products = useQuery({ queryKey: [...key, 'products'], queryFn: () => fetchProductRanking({ ...range, limit: 10 }) });
  const codes = useQuery({ queryKey: [...key, 'codes'], queryFn: () => fetchCodeRanking({ ...range, limit: 10 }) });
  const failed = [map, areas, trend, clients, products, codes].some((q) => q.isError);

  const areaName = useCallback(
    (code: string) => {
      const province = provinceByCode(code);
      if (!province) return t('statistics.unknownArea');
      return lang === 'en_US' ? province.nameEn : province.shortName;
    },
    [lang, t],
  );

  const mapOption = useMemo<Option>(() => {
    const rows =
      layer === 'conflicts'
        ? (conflicts.data?.provinces ?? []).map((p) => ({ areaCode: p.areaCode, scans: p.count }))
        : layer === 'recalled'
          ? (recalled.data ?? [])
          : (map.data ?? []);
    const max = Math.max(1, ...rows.map((r) => r.scans));
    return (charts) => ({
      tooltip: { trigger: 'item', formatter: (p: { data?: { label: string; value: number } }) => (p.data ? `${p.data.label}: ${p.data.value}` : '') },
      visualMap: { min: 0, max, left: 8, bottom: 8, calculable: true, inRange: { color: layer === 'scans' ? ['#e6eef8', PRIMARY] : ['#fff1f0', '#cf1322'] } },
      series: [
        {
          type: 'map',
          map: charts.CHINA_MAP,
          roam: false,
          label: { show: false },
          data: rows.flatMap((r) => {
            const name = charts.REGION_BY_AREA.get(r.areaCode);
            return name ? [{ name, value: r.scans, label: areaName(r.areaCode) }] : [];
          }),
        },
      ],
    });
  }, [map.data, conflicts.data, recalled.data, layer, areaName]);

  const trendOption = useMemo<Option>(() => {
    const rows = (trendBy === 'day' ? trend.data?.days : trend.data?.weeks) ?? [];
    return () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: [t('statistics.scans'), t('statistics.suspicious')] },
      grid: { left: 48, right: 16, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((r) => (trendBy === 'day' ? r.date : t('statistics.weekOf', { date: r.date }))) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('statistics.scans'), type: trendBy === 'day' ? 'line' : 'bar', data: rows.map((r) => r.scans), itemStyle: { color: PRIMARY } },
        { name: t('statistics.suspicious'), type: trendBy === 'day' ? 'line' : 'bar', data: rows.map((r) => r.suspicious), itemStyle: { color: '#d4380d' } },
      ],
    });
  }, [trend.data, trendBy, t]);

  const clientOption = useMemo<Option>(
    () => () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          data: (clients.data ?? []).filter((c) => c.scans > 0).map((c) => ({ name: t(`statistics.clientType.${c.clientType}`), value: c.scans })),
        },
      ],
    }),
    [clients.data, t],
  );

  const productOption = useMemo<Option>(() => {
    const rows = [...(products.data ?? [])].reverse();
    return () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 120, right: 24, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rows.map((p) => p.productName || t('statistics.noProduct')), axisLabel: { width: 110, overflow: 'truncate' } },
      series: [{ type: 'bar', data: rows.map((p) => p.scans), itemStyle: { color: PRIMARY } }],
    });
  }, [products.data, t]);

  const total = (areas.data ?? []).reduce((sum, a) => sum + a.scans, 0);
  const areaColumns: TableColumnsType<AreaCount> = [
    { key: 'area', title: t('statistics.area'), render: (_, r) => areaName(r.areaCode) },
    { key: 'scans', dataIndex: 'scans', title: t('statistics.count'), align: 'right', render: (v: number) => v.toLocaleString() },
    { key: 'share', title: t('statistics.share'), align: 'right', render: (_, r) => `${((r.scans / Math.max(1, total)) * 100).toFixed(1)}%` },
    { key: 'suspicious', dataIndex: 'suspicious', title: t('statistics.suspicious'), align: 'right' },
  ];
  const codeColumns: TableColumnsType<CodeRank> = [
    { key: 'rank', title: t('statistics.rank'), width: 64, render: (_, __, i) => i + 1 },
    { key: 'code', dataIndex: 'code', title: t('statistics.code'), ellipsis: true },
    { key: 'product', title: t('statistics.product'), ellipsis: true, render: (_, r) => r.productName || t('statistics.noProduct') },
    { key: 'scans', dataIndex: 'scans', title: t('statistics.count'), align: 'right', render: (v: number) => v.toLocaleString() },
  ];

  const noScans = areas.isSuccess && total === 0;
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.noData')} />;

  return (
    <div className="statistic" data-testid="statistic-page">
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('statistics.range')}</Typography.Text>
          <DatePicker.RangePicker
            value={picked}
            allowClear={false}
            format={DATE_FORMAT}
            presets={dateRangePresets((shortcut) => t(`dateShortcut.${shortcut}`), businessNow)}
            placeholder={[t('statistics.beginDate'), t('statistics.endDate')]}
            onChange={(value) => value?.[0] && value[1] && setPicked([value[0], value[1]])}
            data-testid="statistic-range"
          />
          {picking && (
            <>
              <Typography.Text>{t('statistics.company')}</Typography.Text>
              <CompanyPicker value={companyId} onChange={setCompanyId} testId="statistic-company" />
            </>
          )}
          <Typography.Text type="secondary">{t('statistics.rangeNote')}</Typography.Text>
        </Space>
      </Card>
      {failed && <Alert type="error" showIcon title={t('statistics.loadFailed')} />}

      <KeyFigures range={range} />

      <Row gutter={[12, 12]}>
        <Col xs={24} lg={16}>
          <Card
            title={t('statistics.mapTitle')}
            size="small"
            extra={
              <Segmented
                size="small"
                value={layer}
                onChange={(value) => setLayer(value as MapLayer)}
                options={layers.map((value) => ({ value, label: t(`statistics.mapLayers.${value}`) }))}
                data-testid="statistic-map-layer"
              />
            }
          >
            {noScans ? empty : <EChart option={mapOption} height={420} testId="statistic-map" />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('statistics.areaTitle')} size="small">
            <Table<AreaCount>
              rowKey="areaCode"
              size="small"
              columns={areaColumns}
              dataSource={areas.data ?? []}
              loading={areas.isLoading}
              pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
              locale={{ emptyText: empty }}
              data-testid="statistic-areas"
            />
          </Card>
        </Col>
      </Row>

      <Card
        title={t('statistics.trendTitle')}
        size="small"
        extra={
          <Segmented
            size="small"
            value={trendBy}
            onChange={(v) => setTrendBy(v as 'day' | 'week')}
            options={[
              { value: 'day', label: t('statistics.byDay') },
              { value: 'week', label: t('statistics.byWeek') },
            ]}
            data-testid="statistic-trend-by"
          />
        }
      >
        {noScans ? empty : <EChart option={trendOption} height={300} testId="statistic-trend" />}
      </Card>

      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <Card title={t('statistics.clientTitle')} size="small">
            {noScans ? empty : <EChart option={clientOption} height={320} testId="statistic-clients" />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('statistics.productTitle')} size="small">
            {noScans ? empty : <EChart option={productOption} height={320} testId="statistic-products" />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('statistics.codeTitle')} size="small">
            <Table<CodeRank>
              rowKey="codeId"
              size="small"
              columns={codeColumns}
              dataSource={codes.data ?? []}
              loading={codes.isLoading}
              pagination={false}
              locale={{ emptyText: empty }}
              data-testid="statistic-codes"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
