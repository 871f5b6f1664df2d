import { Card, Form, Select, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODE_RECORD_STATUSES, PERMISSIONS, type CodeRecordPageQuery, type CodeRecordRow } from '@rd/contract';
import { CODE_RECORD_LIST_KEY, fetchCodeRecordPage, fetchGenerationRules } from '../../api/codeRecord';
import { PagedTable } from '../../components/PagedTable';
import { PersonName } from '../../components/PersonName';
import { TimeRangePicker } from '../../components/TimeRangePicker';
import { usePermission } from '../../components/usePermission';
import { EMPTY, formatDateTime, timeFilter } from '../../utils/format';
import { GenerateForm } from './tagGenerate/GenerateForm';
import { JobActions } from './tagGenerate/JobActions';
import { JobCodeCounts } from './tagGenerate/JobCodeCounts';
import { JobProgress, JobStatusTag } from './tagGenerate/JobProgress';
import { formatCount } from './tagGenerate/formatCount';
import './tagGenerate/tagGenerate.css';

type JobFilters = Pick<CodeRecordPageQuery, 'ruleId' | 'status' | 'beginTime' | 'endTime'>;

/** The search form's values → list filters: the time range becomes beginTime/endTime. */
export function jobFilters(values: Record<string, unknown>): JobFilters {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    ruleId: (values.ruleId as string | undefined) || undefined,
    status: values.status as JobFilters['status'],
    beginTime: timeFilter(range?.[0]),
    endTime: timeFilter(range?.[1]),
  };
}

/**
 * Tag generation (spec 7.6 api/codeRecord): queue a job for up to ten million codes of a rule, and follow
 * the jobs: each queued or running one shows a progress bar refreshed every second until it ends.
 */
export default function TagGenerate() {
  const { t } = useTranslation();
  const canAdd = usePermission(PERMISSIONS.codeRecordAdd);
  const rules = useQuery({ queryKey: ['codeRecord', 'rules'], queryFn: fetchGenerationRules });

  const columns: TableColumnsType<CodeRecordRow> = [
    {
      key: 'ruleName',
      dataIndex: 'ruleName',
      title: t('tagGenerate.ruleName'),
      render: (name: string, row) => (
        <>
          {name} <Tag>{t(`tagGenerate.modes.${row.ruleMode}`)}</Tag>
        </>
      ),
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('tagGenerate.quantity'),
      sorter: true,
      align: 'right',
      className: 'cell-nowrap',
      render: (n: number) => formatCount(n),
    },
    { key: 'progress', title: t('tagGenerate.progress'), width: 240, render: (_, row) => <JobProgress row={row} /> },
    { key: 'status', dataIndex: 'status', title: t('tagGenerate.status'), sorter: true, render: (_, row) => <JobStatusTag row={row} /> },
    { key: 'codeCounts', title: t('tagGenerate.counts.title'), className: 'cell-nowrap', render: (_, row) => <JobCodeCounts row={row} /> },
    { key: 'remark', dataIndex: 'remark', title: t('tagGenerate.remark'), ellipsis: true, render: (v: string) => v || EMPTY },
    { key: 'createdBy', title: t('tagGenerate.createdBy'), render: (_, row) => <PersonName name={row.createdByName} username={row.createdByUsername} /> },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('tagGenerate.createdAt'),
      width: 170,
      sorter: true,
      className: 'cell-nowrap',
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'finishedAt',
      dataIndex: 'finishedAt',
      title: t('tagGenerate.finishedAt'),
      width: 170,
      sorter: true,
      className: 'cell-nowrap',
      render: (v: string | null) => formatDateTime(v),
    },
    { key: 'downloadCount', dataIndex: 'downloadCount', title: t('tagGenerate.downloadCount'), align: 'right', className: 'cell-nowrap' },
    { key: 'operation', title: t('common.operation'), fixed: 'right', className: 'cell-nowrap', render: (_, row) => <JobActions row={row} /> },
  ];

  return (
    <div className="tag-generate">
      {canAdd && (
        <Card size="small" title={t('tagGenerate.formTitle')} className="tag-generate__card">
          <GenerateForm rules={rules} />
        </Card>
      )}
      <PagedTable<CodeRecordRow, JobFilters>
        queryKey={CODE_RECORD_LIST_KEY}
        fetchPage={fetchCodeRecordPage}
        columns={columns}
        rowKey="id"
        toFilters={jobFilters}
        searchFields={
          <>
            <Form.Item name="ruleId" label={t('tagGenerate.rule')}>
              <Select
                allowClear
                style={{ width: 180 }}
                placeholder={t('common.all')}
                options={(rules.data ?? []).map((rule) => ({ value: rule.id, label: rule.ruleName }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('tagGenerate.status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.all')}
                options={CODE_RECORD_STATUSES.map((s) => ({ value: s, label: t(`tagGenerate.statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="range" label={t('tagGenerate.timeRange')}>
              <TimeRangePicker placeholder={[t('tagGenerate.beginTime'), t('tagGenerate.endTime')]} />
            </Form.Item>
          </>
        }
      />
    </div>
  );
}
