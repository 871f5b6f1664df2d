import { Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchLoginLogs, type LoginLogQuery, type LoginLogRow } from '../../api/admin';
import { PagedTable } from '../../components/PagedTable';
import { TimeRangePicker } from '../../components/TimeRangePicker';
import { EMPTY, formatDateTime, timeFilter } from '../../utils/format';

type Filters = Omit<LoginLogQuery, 'pageNum' | 'pageSize' | 'orderName' | 'orderType'>;

/** The search form's values → query filters: the time range becomes beginTime/endTime. */
export function loginLogFilters(values: Record<string, unknown>): Filters {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    username: values.username as string | undefined,
    result: values.result as Filters['result'],
    beginTime: timeFilter(range?.[0]),
    endTime: timeFilter(range?.[1]),
  };
}

/** Sign-in log: every attempt, failed ones included, searchable by user, result and time. */
export default function LoginLog() {
  const { t, i18n } = useTranslation();

  const columns: TableColumnsType<LoginLogRow> = [
    { key: 'username', dataIndex: 'username', title: t('loginLog.username'), sorter: true },
    {
      key: 'result',
      dataIndex: 'result',
      title: t('loginLog.result'),
      sorter: true,
      render: (result: LoginLogRow['result']) =>
        result === 'SUCCESS' ? (
          <Tag color="success">{t('loginLog.resultSuccess')}</Tag>
        ) : (
          <Tag color="error">{t('loginLog.resultFailure')}</Tag>
        ),
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('loginLog.reason'),
      // The server records a reason code; an unknown one is shown as it is.
      render: (reason: string | null) =>
        !reason ? EMPTY : i18n.exists(`loginLogReason.${reason}`) ? t(`loginLogReason.${reason}` as 'loginLogReason.DISABLED') : reason,
    },
    { key: 'ip', dataIndex: 'ip', title: t('loginLog.ip'), sorter: true },
    { key: 'userAgent', dataIndex: 'userAgent', title: t('loginLog.userAgent'), ellipsis: true, width: 280 },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('loginLog.createdAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <PagedTable<LoginLogRow, Filters>
      queryKey={['loginLog']}
      fetchPage={fetchLoginLogs}
      columns={columns}
      rowKey="id"
      toFilters={loginLogFilters}
      searchFields={
        <>
          <Form.Item name="username" label={t('loginLog.username')}>
            <Input allowClear data-testid="loginlog-username" />
          </Form.Item>
          <Form.Item name="result" label={t('loginLog.result')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('common.all')}
              options={[
                { value: 'SUCCESS', label: t('loginLog.resultSuccess') },
                { value: 'FAILURE', label: t('loginLog.resultFailure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="range" label={t('loginLog.timeRange')}>
            <TimeRangePicker placeholder={[t('loginLog.beginTime'), t('loginLog.endTime')]} presets={false} />
          </Form.Item>
        </>
      }
    />
  );
}
