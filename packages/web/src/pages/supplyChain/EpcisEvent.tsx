import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchEpcisEvents, type EpcisEvent, type EpcisEventQuery } from '../../api/supplyChain';
import { EMPTY, formatDateTime } from '../../utils/format';

const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'];
const BIZ_STEPS = ['commissioning', 'decommissioning', 'packing', 'unpacking', 'shipping', 'receiving'] as const;
const PER_PAGE = 30;
type Filters = Omit<EpcisEventQuery, 'perPage' | 'nextPageToken'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The identifiers an event names, for one line of the table. */
function identifiers(event: EpcisEvent): string[] {
  const list = (key: string) => (Array.isArray(event[key]) ? (event[key] as string[]) : []);
  return [...(typeof event['parentID'] === 'string' ? [event['parentID']] : []), ...list('epcList'), ...list('childEPCs'), ...list('inputEPCList'), ...list('outputEPCList')];
}

/**
 * The company's EPCIS 2.0 events as partners read them through /acc/epcis/events: filters, the newest pages
 * on demand (the interface pages by a cursor, so there is no total), and each event's JSON as text.
 */
export default function EpcisEvent() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [filters, setFilters] = useState<Filters>({});
  const events = useInfiniteQuery({
    queryKey: ['epcisEvents', filters],
    queryFn: ({ pageParam }) => fetchEpcisEvents({ ...filters, perPage: PER_PAGE, ...(pageParam ? { nextPageToken: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
  const rows = (events.data?.pages ?? []).flatMap((p) => p.events);

  const columns: TableColumnsType<EpcisEvent> = [
    { key: 'eventTime', title: t('supply.event.eventTime'), className: 'cell-nowrap', render: (_, e) => formatDateTime(e.eventTime) },
    { key: 'type', dataIndex: 'type', title: t('supply.event.type') },
    { key: 'action', dataIndex: 'action', title: t('supply.event.action'), render: (v?: string) => v ?? EMPTY },
    {
      key: 'bizStep',
      dataIndex: 'bizStep',
      title: t('supply.event.bizStep'),
      render: (v?: string) => ((BIZ_STEPS as readonly string[]).includes(v ?? '') ? t(`supply.event.bizSteps.${v as (typeof BIZ_STEPS)[number]}`) : (v ?? EMPTY)),
    },
    { key: 'disposition', dataIndex: 'disposition', title: t('supply.event.disposition'), render: (v?: string) => v ?? EMPTY },
    {
      key: 'epcs',
      title: t('supply.event.epcs'),
      render: (_, e) => {
        const all = identifiers(e);
        if (all.length === 0) return EMPTY;
        return (
          <Typography.Text ellipsis style={{ maxWidth: 360 }}>
            {all[0]}
            {all.length > 1 ? ` ${t('supply.event.more', { count: all.length - 1 })}` : ''}
          </Typography.Text>
        );
      },
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          onFinish={(values) =>
            setFilters({ eventType: text(values.eventType), EQ_bizStep: text(values.bizStep), EQ_action: text(values.action), MATCH_anyEPC: text(values.epc) })
          }
        >
          <Form.Item name="eventType" label={t('supply.event.type')}>
            <Select allowClear style={{ width: 180 }} placeholder={t('common.all')} options={EVENT_TYPES.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="bizStep" label={t('supply.event.bizStep')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={BIZ_STEPS.map((v) => ({ value: v, label: t(`supply.event.bizSteps.${v}`) }))} />
          </Form.Item>
          <Form.Item name="action" label={t('supply.event.action')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={['ADD', 'OBSERVE', 'DELETE'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="epc" label={t('supply.event.epc')}>
            <Input allowClear style={{ width: 320 }} data-testid="epcis-search-epc" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" data-testid="epcis-search">
              {t('common.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {events.isError && <Alert type="error" showIcon message={(events.error as Error).message} />}
      <Table<EpcisEvent>
        rowKey="eventID"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={events.isLoading}
        pagination={false}
        locale={{ emptyText: t('supply.event.none') }}
        expandable={{
          expandedRowRender: (e) => (
            <Typography.Paragraph copyable={{ text: e.eventID }} style={{ marginBottom: 0 }}>
              <pre style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(e, null, 2)}</pre>
            </Typography.Paragraph>
          ),
        }}
        data-testid="epcis-events"
      />
      {events.hasNextPage && (
        <Button onClick={() => void events.fetchNextPage()} loading={events.isFetchingNextPage} data-testid="epcis-more">
          {t('supply.event.loadMore')}
        </Button>
      )}
    </Space>
  );
}
