import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { fetchEpcisEvents, type EpcisEvent } from '../../api/supplyChain';
import { fetchNamedQueryEvents, type NamedQuery } from '../../api/epcisQueries';
import { PermissionButton } from '../../components/PermissionButton';
import { EMPTY, formatDateTime } from '../../utils/format';
import { ACTIONS, BIZ_STEPS, EVENT_TYPES, filtersOf, formValuesOf, savedQueryOf, type EventFilters, type FilterFormValues } from './epcisQuery/eventFilters';
import { QueryParameters } from './epcisQuery/QueryParameters';
import { SaveQueryModal } from './epcisQuery/SaveQueryModal';
import { SavedQueriesDrawer } from './epcisQuery/SavedQueriesDrawer';
import './epcisQuery/epcisEvent.css';

const PER_PAGE = 30;

/** What the table shows: the search form's filters, or a saved query run as it is saved. */
type Source = { kind: 'filters'; filters: EventFilters } | { kind: 'saved'; query: NamedQuery; inForm: boolean };

/** The identifiers an event names, for one line of the table. */
function identifiers(event: EpcisEvent): string[] {
  const list = (key: string) => (Array.isArray(event[key]) ? (event[key] as string[]) : []);
  return [...(typeof event['parentID'] === 'string' ? [event['parentID']] : []), ...list('epcList'), ...list('childEPCs'), ...list('inputEPCList'), ...list('outputEPCList')];
}

/**
 * The company's EPCIS 2.0 events as partners read them through /acc/epcis/events: filters, the newest pages
 * on demand (the interface pages by a cursor, so there is no total), and each event's JSON as text. The
 * filters can be saved as a named query, which partners' systems run and subscribe to; a saved query runs
 * here too (GET /queries/{name}/events).
 */
export default function EpcisEvent() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterFormValues>();
  const [source, setSource] = useState<Source>({ kind: 'filters', filters: {} });
  const [saving, setSaving] = useState<NamedQuery['query'] | null>(null);
  const [listing, setListing] = useState(false);
  const events = useInfiniteQuery({
    queryKey: ['epcisEvents', source.kind === 'filters' ? source.filters : { saved: source.query.name, query: source.query.query }],
    queryFn: ({ pageParam }) => {
      const page = { perPage: PER_PAGE, ...(pageParam ? { nextPageToken: pageParam } : {}) };
      return source.kind === 'filters' ? fetchEpcisEvents({ ...source.filters, ...page }) : fetchNamedQueryEvents(source.query.name, page);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
  const rows = (events.data?.pages ?? []).flatMap((p) => p.events);

  /** A saved query's results in the table, its filters in the form when the form can say them. */
  const run = (query: NamedQuery) => {
    const values = formValuesOf(query.query);
    form.resetFields();
    if (values) form.setFieldsValue(values);
    setSource({ kind: 'saved', query, inForm: values !== null });
    setListing(false);
  };
  const backToFilters = () => setSource({ kind: 'filters', filters: filtersOf(form.getFieldsValue()) });

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
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form form={form} layout="inline" className="epcis-event__filters" onFinish={(values) => setSource({ kind: 'filters', filters: filtersOf(values) })}>
          <Form.Item name="eventType" label={t('supply.event.type')}>
            <Select allowClear className="epcis-event__select" style={{ width: 180 }} placeholder={t('common.all')} options={EVENT_TYPES.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="bizStep" label={t('supply.event.bizStep')}>
            <Select allowClear className="epcis-event__select" style={{ width: 140 }} placeholder={t('common.all')} options={BIZ_STEPS.map((v) => ({ value: v, label: t(`supply.event.bizSteps.${v}`) }))} />
          </Form.Item>
          <Form.Item name="action" label={t('supply.event.action')}>
            <Select allowClear className="epcis-event__select" style={{ width: 120 }} placeholder={t('common.all')} options={ACTIONS.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="epc" label={t('supply.event.epc')}>
            <Input allowClear className="epcis-event__epc" data-testid="epcis-search-epc" />
          </Form.Item>
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" data-testid="epcis-search">
                {t('common.search')}
              </Button>
              <PermissionButton code={PERMISSIONS.epcisQuery} onClick={() => setSaving(savedQueryOf(filtersOf(form.getFieldsValue())))} data-testid="epcis-save-query">
                {t('epcisQuery.save')}
              </PermissionButton>
              <Button onClick={() => setListing(true)} data-testid="epcis-saved-queries">
                {t('epcisQuery.list')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {source.kind === 'saved' && (
        <Alert
          type="info"
          showIcon
          title={t('epcisQuery.showing', { name: source.query.name })}
          description={
            <Space orientation="vertical" size={4}>
              <QueryParameters query={source.query.query} />
              {!source.inForm && <Typography.Text type="secondary">{t('epcisQuery.beyondForm')}</Typography.Text>}
            </Space>
          }
          action={
            <Button size="small" onClick={backToFilters} data-testid="epcis-back-to-filters">
              {t('epcisQuery.backToFilters')}
            </Button>
          }
          className="epcis-event__shown"
          data-testid="epcis-saved-shown"
        />
      )}
      {events.isError && <Alert type="error" showIcon title={(events.error as Error).message} />}
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
        scroll={{ x: 'max-content' }}
        data-testid="epcis-events"
      />
      {events.hasNextPage && (
        <Button onClick={() => void events.fetchNextPage()} loading={events.isFetchingNextPage} data-testid="epcis-more">
          {t('supply.event.loadMore')}
        </Button>
      )}
      {saving && <SaveQueryModal query={saving} onClose={() => setSaving(null)} onSaved={() => setSaving(null)} />}
      {listing && (
        <SavedQueriesDrawer
          shown={source.kind === 'saved' ? source.query.name : null}
          onRun={run}
          onDeleted={(name) => {
            if (source.kind === 'saved' && source.query.name === name) backToFilters();
          }}
          onClose={() => setListing(false)}
        />
      )}
    </Space>
  );
}
