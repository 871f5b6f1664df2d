import { useState } from 'react';
import { Form, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, SHIPMENT_KINDS, SHIPMENT_REMARK_MAX, SHIPMENT_STATUSES, type ShipmentKind, type ShipmentRow } from '@rd/contract';
import { DEALERS_QUERY_KEY, SHIPMENTS_QUERY_KEY, exportShipments, fetchDealerOptions, fetchShipmentPage, openShipment, receiveShipment, type ShipmentFilters } from '../../api/supplyChain';
import { useFieldRules } from '../../components/fieldRules';
import { PagedTable } from '../../components/PagedTable';
import { PersonName } from '../../components/PersonName';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { usePermission } from '../../components/usePermission';
import { EMPTY, formatDateTime } from '../../utils/format';
import { SHIPMENT_STATUS_COLORS } from './shipmentStatus';
import { ShipmentScanDrawer } from './ShipmentScanDrawer';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function shipmentFilters(values: Record<string, unknown>): ShipmentFilters {
  return { orderNo: text(values.orderNo), kind: values.kind as ShipmentKind | undefined, status: values.status as ShipmentRow['status'] | undefined, dealerId: text(values.dealerId) };
}

/** Shipping and receiving by scan (出入库): orders per dealer, the scanning desk, receipts. */
export default function Shipment() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [desk, setDesk] = useState<string | null>(null);
  const [creating, setCreating] = useState<ShipmentKind | null>(null);
  const [filters, setFilters] = useState<ShipmentFilters>({});
  const [form] = Form.useForm<{ dealerId: string; remark: string }>();
  const canSeeDealers = usePermission(PERMISSIONS.dealerList);
  const dealers = useQuery({ queryKey: [...DEALERS_QUERY_KEY, 'options'], queryFn: () => fetchDealerOptions(), enabled: canSeeDealers });
  const dealerOptions = (dealers.data ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }));

  const create = useMutation({
    mutationFn: (values: { dealerId: string; remark: string }) => openShipment(creating as ShipmentKind, { dealerId: values.dealerId, remark: values.remark ?? '' }),
    onSuccess: async (row) => {
      setCreating(null);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: SHIPMENTS_QUERY_KEY });
      setDesk(row.id);
    },
  });

  const columns: TableColumnsType<ShipmentRow> = [
    { key: 'orderNo', dataIndex: 'orderNo', title: t('supply.shipment.orderNo'), sorter: true, className: 'cell-nowrap' },
    { key: 'kind', dataIndex: 'kind', title: t('supply.shipment.kind'), render: (kind: ShipmentKind) => t(`supply.shipment.kinds.${kind}`) },
    { key: 'dealer', title: t('supply.shipment.dealer'), render: (_, row) => `${row.dealerCode} ${row.dealerName}` },
    { key: 'itemCount', dataIndex: 'itemCount', title: t('supply.shipment.items'), sorter: true, render: (v: number) => v.toLocaleString() },
    { key: 'boxCount', dataIndex: 'boxCount', title: t('supply.shipment.boxes'), render: (v: number) => v.toLocaleString() },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('supply.shipment.status'),
      sorter: true,
      render: (status: ShipmentRow['status']) => <Tag color={SHIPMENT_STATUS_COLORS[status]}>{t(`supply.shipment.statuses.${status}`)}</Tag>,
    },
    { key: 'createdBy', title: t('supply.shipment.createdBy'), render: (_, row) => <PersonName name={row.createdByName} username={row.createdByUsername} /> },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('supply.shipment.createdAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    { key: 'completedAt', dataIndex: 'completedAt', title: t('supply.shipment.completedAt'), sorter: true, className: 'cell-nowrap', render: (v: string | null) => (v ? formatDateTime(v) : EMPTY) },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.shipmentList} type="link" size="small" onClick={() => setDesk(row.id)} data-testid={`shipment-open-${row.orderNo}`}>
            {t(row.status === 'OPEN' ? 'supply.shipment.open' : 'supply.shipment.view')}
          </PermissionButton>
          {row.kind === 'OUTBOUND' && row.status === 'COMPLETED' && (
            <PermissionButton
              code={PERMISSIONS.shipmentReceive}
              type="link"
              size="small"
              data-testid={`shipment-receive-${row.orderNo}`}
              onClick={() =>
                confirmAction({
                  title: t('supply.shipment.receive'),
                  content: t('supply.shipment.receiveConfirm', { orderNo: row.orderNo }),
                  danger: false,
                  action: async () => {
                    await receiveShipment(row.id);
                    await queryClient.invalidateQueries({ queryKey: SHIPMENTS_QUERY_KEY });
                  },
                })
              }
            >
              {t('supply.shipment.receive')}
            </PermissionButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<ShipmentRow, ShipmentFilters>
        queryKey={SHIPMENTS_QUERY_KEY}
        fetchPage={fetchShipmentPage}
        columns={columns}
        rowKey="id"
        toFilters={(values) => {
          const next = shipmentFilters(values);
          setFilters(next);
          return next;
        }}
        searchFields={
          <>
            <Form.Item name="orderNo" label={t('supply.shipment.orderNo')}>
              <Input allowClear maxLength={40} />
            </Form.Item>
            <Form.Item name="kind" label={t('supply.shipment.kind')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={SHIPMENT_KINDS.map((k) => ({ value: k, label: t(`supply.shipment.kinds.${k}`) }))} />
            </Form.Item>
            <Form.Item name="status" label={t('supply.shipment.status')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={SHIPMENT_STATUSES.map((s) => ({ value: s, label: t(`supply.shipment.statuses.${s}`) }))} />
            </Form.Item>
            {canSeeDealers && (
              <Form.Item name="dealerId" label={t('supply.shipment.dealer')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('common.all')} options={dealerOptions} />
              </Form.Item>
            )}
          </>
        }
        toolbar={
          <Space>
            <PermissionButton code={PERMISSIONS.shipmentShip} type="primary" onClick={() => setCreating('OUTBOUND')} data-testid="shipment-add">
              {t('supply.shipment.addOutbound')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.shipmentReturn} onClick={() => setCreating('RETURN')} data-testid="shipment-add-return">
              {t('supply.shipment.addReturn')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.shipmentExport} onClick={() => void exportShipments(filters).catch(() => undefined)} data-testid="shipment-export">
              {t('supply.export')}
            </PermissionButton>
          </Space>
        }
      />
      {creating && (
        <Modal
          open
          title={`${t('supply.shipment.newTitle')} · ${t(`supply.shipment.kinds.${creating}`)}`}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          confirmLoading={create.isPending}
          onOk={() => form.submit()}
          onCancel={() => setCreating(null)}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" onFinish={(values) => create.mutate(values)}>
            <Form.Item name="dealerId" label={t('supply.shipment.dealer')} rules={[rules.requiredChoice(t('supply.shipment.dealer'))]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={dealerOptions} data-testid="shipment-dealer" />
            </Form.Item>
            <Form.Item name="remark" label={t('supply.shipment.remark')}>
              <Input maxLength={SHIPMENT_REMARK_MAX} />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {desk && <ShipmentScanDrawer shipmentId={desk} onClose={() => setDesk(null)} />}
    </>
  );
}
