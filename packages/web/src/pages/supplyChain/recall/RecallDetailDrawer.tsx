import { useState } from 'react';
import { Card, Descriptions, Drawer, Empty, Progress, Space, Spin, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Lang, type RecallCodeRow, type RecallDetail, type RecallExposure } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { RECALLS_QUERY_KEY, exportRecallExposure, exportTraceReport, fetchRecall, fetchRecallCodes, fetchRecallExposure } from '../../../api/recall';
import { PermissionButton } from '../../../components/PermissionButton';
import { PersonName } from '../../../components/PersonName';
import { EMPTY, formatDateTime } from '../../../utils/format';
import { RecallActions } from './RecallActions';
import { RECALL_LEVEL_COLORS, RECALL_STATE_COLORS } from './recallColors';

/** How often a recall whose codes or events are being worked on is read again. */
const POLL_MS = 1000;
/** How often an active recall's progress is read again while the drawer is open (and the window in front). */
const EXPOSURE_REFRESH_MS = 30_000;

const working = (recall: RecallDetail | undefined) =>
  Boolean(recall && ((recall.state === 'DRAFT' && !recall.resolvedAt) || recall.jobs.some((j) => j.status === 'QUEUED' || j.status === 'RUNNING')));

/** Returned against what is still at dealers: how far the goods have come back. */
function recovered(exposure: RecallExposure): number {
  const out = exposure.returned + exposure.atDealers;
  return out === 0 ? 100 : Math.round((exposure.returned / out) * 100);
}

/**
 * One recall: its notice as consumers see it, what it covers (counted live while its codes are gathered),
 * its background work, and its progress — items at each dealer, at the company, returned, consumers' scans
 * by province — with the progress and trace-report files, and the actions its state allows.
 */
export function RecallDetailDrawer({ recallId, onClose }: { recallId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [codePage, setCodePage] = useState(1);
  const detail = useQuery({
    queryKey: [...RECALLS_QUERY_KEY, 'one', recallId],
    queryFn: () => fetchRecall(recallId),
    refetchInterval: (query) => (working(query.state.data) ? POLL_MS : false),
  });
  const recall = detail.data;
  const exposure = useQuery({
    queryKey: [...RECALLS_QUERY_KEY, 'exposure', recallId, recall?.resolvedAt, recall?.state],
    queryFn: () => fetchRecallExposure(recallId),
    enabled: Boolean(recall?.resolvedAt),
    // an active recall's progress moves as consumers scan and goods come back
    refetchInterval: recall?.state === 'ACTIVE' ? EXPOSURE_REFRESH_MS : false,
  });
  const codes = useQuery({
    queryKey: [...RECALLS_QUERY_KEY, 'codes', recallId, codePage, recall?.codeCount],
    queryFn: () => fetchRecallCodes({ id: recallId, pageNum: codePage, pageSize: 10 }),
    enabled: Boolean(recall?.resolvedAt),
  });

  const zh = lang === 'zh_CN';
  const selectionText = (r: RecallDetail) => {
    const s = r.selection;
    switch (s.kind) {
      case 'BATCH':
        return s.batches.map((b) => `${b.batchNo} · ${b.productName}`).join(zh ? '；' : '; ');
      case 'SHIPMENT':
        return s.shipment ? `${s.shipment.orderNo} · ${s.shipment.dealerName}` : EMPTY;
      case 'RANGE':
        return s.range ? `${s.range.ruleName}${zh ? '：' : ': '}${s.range.fromCode} (${s.range.fromSerial}) – ${s.range.toCode} (${s.range.toSerial})` : EMPTY;
      case 'LIST':
        return t('recall.listedCount', { count: s.listedCount });
    }
  };

  const codeColumns = [
    { key: 'code', dataIndex: 'code', title: t('recall.code') },
    { key: 'isBox', dataIndex: 'isBox', title: t('recall.isBox'), render: (v: boolean) => (v ? <Tag>{t('recall.isBox')}</Tag> : EMPTY) },
    { key: 'product', dataIndex: 'productName', title: t('recall.product'), render: (v: string | null) => v ?? EMPTY },
    { key: 'batch', dataIndex: 'batchNo', title: t('recall.batch'), render: (v: string | null) => v ?? EMPTY },
    { key: 'dealer', dataIndex: 'dealerName', title: t('recall.holder'), render: (v: string | null) => v ?? EMPTY },
  ];

  return (
    <Drawer open size={880} destroyOnHidden title={recall ? t('recall.detailTitle', { recallNo: recall.recallNo }) : ''} onClose={onClose} data-testid="recall-detail">
      {detail.isPending ? (
        <Spin />
      ) : !recall ? (
        <Empty />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={RECALL_LEVEL_COLORS[recall.level as 1 | 2 | 3]}>{t(`recall.levels.${recall.level as 1 | 2 | 3}`)}</Tag>
            <Tag color={RECALL_STATE_COLORS[recall.state]} data-testid="recall-state">
              {t(`recall.states.${recall.state}`)}
            </Tag>
            <RecallActions recall={recall} size="middle" />
            <PermissionButton code={PERMISSIONS.recallExport} onClick={() => void exportRecallExposure(recall.id).catch(() => undefined)} disabled={!recall.resolvedAt} data-testid="recall-export-exposure">
              {t('recall.exportExposure')}
            </PermissionButton>
            <Tooltip title={t('recall.traceReportHint')}>
              <PermissionButton code={PERMISSIONS.recallExport} onClick={() => void exportTraceReport(recall.id).catch(() => undefined)} disabled={!recall.resolvedAt} data-testid="recall-trace-report">
                {t('recall.traceReport')}
              </PermissionButton>
            </Tooltip>
          </Space>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('recall.reason')} span={2}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{recall.reason}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('recall.instruction')} span={2}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{recall.instruction}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('recall.contact')} span={2}>
              {recall.contact}
            </Descriptions.Item>
            <Descriptions.Item label={t('recall.selection')} span={2}>
              <Space orientation="vertical" size={0}>
                <span>{t(`recall.selectionKinds.${recall.selectionKind}`)}</span>
                <Typography.Text type="secondary">{selectionText(recall)}</Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('recall.codeCount')}>
              <span data-testid="recall-code-count">{recall.resolvedAt ? recall.codeCount.toLocaleString() : t('recall.counting', { count: recall.codeCount })}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('recall.startedAt')}>{recall.startedAt ? formatDateTime(recall.startedAt) : EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('recall.createdBy')}>
              <PersonName name={recall.createdByName} username={recall.createdByUsername} testId="recall-created-by" />
            </Descriptions.Item>
            <Descriptions.Item label={t('recall.createdAt')}>{formatDateTime(recall.createdAt)}</Descriptions.Item>
            {recall.state === 'CLOSED' && (
              <>
                <Descriptions.Item label={t('recall.closedAt')}>{formatDateTime(recall.closedAt)}</Descriptions.Item>
                <Descriptions.Item label={t('recall.disposition')}>{recall.closeDisposition ? t(`recall.dispositions.${recall.closeDisposition}`) : EMPTY}</Descriptions.Item>
                <Descriptions.Item label={t('recall.summary')} span={2}>
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{recall.closeSummary}</Typography.Text>
                </Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('recall.jobs')} span={2}>
              <Space orientation="vertical" size={0}>
                {recall.jobs.map((job, i) => (
                  <span key={i}>
                    {t(`recall.jobKinds.${job.kind}`)} · {t(`recall.jobStatuses.${job.status}`)} · {t('recall.jobProgress', { count: job.progress })} · {formatDateTime(job.createdAt)}
                  </span>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
          {exposure.data && (
            <Card size="small" title={t('recall.exposure')} data-testid="recall-exposure">
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                <Space size="large" wrap>
                  <Statistic title={t('recall.items')} value={exposure.data.items} />
                  <Statistic title={t('recall.boxes')} value={exposure.data.boxes} />
                  <Statistic title={t('recall.atDealers')} value={exposure.data.atDealers} />
                  <Statistic title={t('recall.atCompany')} value={exposure.data.atCompany} />
                  <Statistic title={t('recall.returned')} value={exposure.data.returned} />
                  <Statistic title={t('recall.scans')} value={exposure.data.scans} />
                  <Statistic title={t('recall.scannedItems')} value={exposure.data.scannedItems} />
                </Space>
                <div>
                  <Typography.Text>{t('recall.progress')}</Typography.Text> <Typography.Text type="secondary">({t('recall.progressHint')})</Typography.Text>
                  <Progress percent={recovered(exposure.data)} data-testid="recall-progress" />
                </div>
                <Table
                  size="small"
                  rowKey="dealerId"
                  title={() => t('recall.dealers')}
                  pagination={exposure.data.dealers.length > 10 ? { pageSize: 10 } : false}
                  dataSource={exposure.data.dealers}
                  columns={[
                    { key: 'dealer', title: t('recall.dealer'), render: (_, d) => `${d.dealerCode} ${d.dealerName}` },
                    { key: 'areas', title: t('recall.areas'), render: (_, d) => d.areaCodes.map((c) => areaName(c, lang)).join(lang === 'zh_CN' ? '、' : ', ') },
                    { key: 'items', dataIndex: 'items', title: t('recall.dealerItems') },
                  ]}
                />
                <Table
                  size="small"
                  rowKey="areaCode"
                  title={() => t('recall.provinces')}
                  pagination={false}
                  dataSource={exposure.data.provinces}
                  columns={[
                    { key: 'province', title: t('recall.province'), render: (_, p) => (p.areaCode ? areaName(p.areaCode, lang) : t('recall.unknownPlace')) },
                    { key: 'scans', dataIndex: 'scans', title: t('recall.provinceScans') },
                    { key: 'items', dataIndex: 'items', title: t('recall.scannedItems') },
                  ]}
                />
              </Space>
            </Card>
          )}
          {recall.resolvedAt && (
            <Card size="small" title={t('recall.codeList')}>
              <Table<RecallCodeRow>
                size="small"
                rowKey="code"
                loading={codes.isFetching}
                dataSource={codes.data?.list ?? []}
                columns={codeColumns}
                pagination={{ current: codePage, pageSize: 10, total: codes.data?.total ?? 0, onChange: setCodePage, showSizeChanger: false }}
              />
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}
