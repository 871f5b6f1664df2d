import { useState } from 'react';
import { Button, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OPERATION_ACTIONS } from '@rd/contract';
import { fetchOperationLogModules, fetchOperationLogs, type OperationLogFilters, type OperationLogRow } from '../../api/operationLog';
import { useStore } from '../../app/state/createStore';
import { sessionStore } from '../../app/state/sessionStore';
import { PagedTable } from '../../components/PagedTable';
import { PersonName } from '../../components/PersonName';
import { TimeRangePicker } from '../../components/TimeRangePicker';
import { EMPTY, formatDateTime, timeFilter } from '../../utils/format';
import { OperationLogDetail } from './operationLog/OperationLogDetail';
import { actionLabel, moduleLabel } from './operationLog/labels';

/** The search form's values → list filters: the time range becomes beginTime/endTime, actions stay a list. */
export function operationLogFilters(values: Record<string, unknown>): OperationLogFilters {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  const actions = values.action as string[] | undefined;
  return {
    username: values.username as string | undefined,
    module: values.module as string | undefined,
    action: actions?.length ? actions : undefined,
    result: values.result as OperationLogFilters['result'],
    ip: values.ip as string | undefined,
    beginTime: timeFilter(range?.[0]),
    endTime: timeFilter(range?.[1]),
  };
}

/** Operation log: every change and sign-in, searchable by who, what, result and time, with the full entry on demand. */
export default function OperationLog() {
  const { t, i18n } = useTranslation();
  const [detail, setDetail] = useState<OperationLogRow | null>(null);
  // Platform staff read every company's entries; enterprise users only their own, where the column says nothing.
  const showCompany = useStore(sessionStore, (s) => (s.user ? s.user.userType !== '3' : false));
  const modules = useQuery({ queryKey: ['operationLog', 'modules'], queryFn: fetchOperationLogModules });

  const columns: TableColumnsType<OperationLogRow> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('operationLog.createdAt'),
      sorter: true,
      width: 170,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'username',
      dataIndex: 'username',
      title: t('operationLog.username'),
      sorter: true,
      render: (_, row) => <PersonName name={row.operatorName} username={row.username} />,
    },
    ...(showCompany
      ? [{ key: 'companyName', dataIndex: 'companyName', title: t('operationLog.companyName'), render: (v: string) => v || EMPTY }]
      : []),
    {
      key: 'module',
      dataIndex: 'module',
      title: t('operationLog.module'),
      sorter: true,
      render: (module: string) => moduleLabel(t, i18n, module),
    },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('operationLog.action'),
      render: (action: string) => <Tag>{actionLabel(t, i18n, action)}</Tag>,
    },
    { key: 'target', dataIndex: 'target', title: t('operationLog.target'), ellipsis: true, render: (v: string) => v || EMPTY },
    { key: 'ip', dataIndex: 'ip', title: t('operationLog.ip') },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('operationLog.result'),
      render: (result: OperationLogRow['result'], row) =>
        result === 'SUCCESS' ? (
          <Tag color="success">{t('operationLog.resultSuccess')}</Tag>
        ) : (
          <Tag color="error" title={row.errorCode}>
            {t('operationLog.resultFailure')}
          </Tag>
        ),
    },
    {
      key: 'durationMs',
      dataIndex: 'durationMs',
      title: t('operationLog.durationMs'),
      sorter: true,
      align: 'right',
      className: 'cell-nowrap',
      render: (ms: number) => t('operationLog.duration', { ms }),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setDetail(row)} data-testid={`operation-log-detail-${row.id}`}>
          {t('operationLog.detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedTable<OperationLogRow, OperationLogFilters>
        queryKey={['operationLog']}
        fetchPage={fetchOperationLogs}
        columns={columns}
        rowKey="id"
        toFilters={operationLogFilters}
        searchFields={
          <>
            <Form.Item name="username" label={t('operationLog.username')}>
              <Input allowClear maxLength={64} data-testid="operation-log-username" />
            </Form.Item>
            <Form.Item name="module" label={t('operationLog.module')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 160 }}
                placeholder={t('common.all')}
                loading={modules.isFetching}
                options={(modules.data ?? []).map((module) => ({ value: module, label: moduleLabel(t, i18n, module) }))}
                data-testid="operation-log-module"
              />
            </Form.Item>
            <Form.Item name="action" label={t('operationLog.action')}>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                style={{ minWidth: 160 }}
                placeholder={t('common.all')}
                options={OPERATION_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, i18n, action) }))}
                data-testid="operation-log-action"
              />
            </Form.Item>
            <Form.Item name="result" label={t('operationLog.result')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.all')}
                options={[
                  { value: 'SUCCESS', label: t('operationLog.resultSuccess') },
                  { value: 'FAILURE', label: t('operationLog.resultFailure') },
                ]}
              />
            </Form.Item>
            <Form.Item name="ip" label={t('operationLog.ip')}>
              <Input allowClear maxLength={64} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="range" label={t('operationLog.timeRange')}>
              <TimeRangePicker placeholder={[t('operationLog.beginTime'), t('operationLog.endTime')]} />
            </Form.Item>
          </>
        }
      />
      <OperationLogDetail entry={detail} showCompany={showCompany} onClose={() => setDetail(null)} />
    </>
  );
}
