import { useRef, useState } from 'react';
import { Alert, Button, Drawer, List, Space, Statistic, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type ShipmentLine, type ShipmentScanResult } from '@rd/contract';
import { SHIPMENTS_QUERY_KEY, cancelShipment, completeShipment, exportEpcis, fetchShipment, fetchShipmentLines, scanIntoShipment } from '../../api/supplyChain';
import { isHttpError, refusalText } from '../../api/HttpError';
import { PermissionButton } from '../../components/PermissionButton';
import { CodeScanner } from '../../components/scan/CodeScanner';
import { signalRefusal } from '../../components/scan/refusalSignal';
import { useConfirmAction } from '../../components/useConfirmAction';
import { EMPTY, formatDateTime } from '../../utils/format';

interface ScanOutcome {
  key: number;
  code: string;
  ok: boolean;
  text: string;
  /** Refused because it sits in a box: the desk offers to take it out and add it alone. */
  inBox?: boolean;
}

/**
 * An order's scanning desk: each scanned code (box or item, scanner, camera or typed) is sent at once, in
 * order, and its outcome listed on top — added, already in the order, or refused with the server's reason
 * (with a beep and a buzz) — with the running count. A code that sits in a box is refused alone; its row
 * offers to take it out of the box and add it, which the server records as an unpacking and which the row
 * then says. An open order is completed or cancelled here; any order's lines are listed.
 */
export function ShipmentScanDrawer({ shipmentId, onClose }: { shipmentId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const order = useQuery({ queryKey: [...SHIPMENTS_QUERY_KEY, 'one', shipmentId], queryFn: () => fetchShipment(shipmentId) });
  const [page, setPage] = useState(1);
  const lines = useQuery({ queryKey: [...SHIPMENTS_QUERY_KEY, 'lines', shipmentId, page], queryFn: () => fetchShipmentLines({ id: shipmentId, pageNum: page, pageSize: 10 }) });
  const [outcomes, setOutcomes] = useState<ScanOutcome[]>([]);
  const queue = useRef(Promise.resolve());
  const counter = useRef(0);
  const row = order.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: SHIPMENTS_QUERY_KEY });

  const outcomeOf = (key: number, code: string, result: ShipmentScanResult): ScanOutcome => {
    const from = result.unpacked[0]?.boxCode;
    const text = from
      ? t('supply.shipment.unpacked', { box: from })
      : result.unchanged > 0
        ? t('supply.shipment.unchanged')
        : t('supply.shipment.added', { items: result.addedItems });
    return { key, code, ok: true, text };
  };
  const refusalOf = (key: number, code: string, error: unknown): ScanOutcome => {
    signalRefusal();
    const inBox = isHttpError(error) && error.errors.some((e) => e.reason === 'IN_BOX');
    // the server's reasons are written to follow a code ("X: the code is …"); here they start a sentence
    const reason = refusalText(error, t('http.systemError'));
    return { key, code, ok: false, text: reason.charAt(0).toUpperCase() + reason.slice(1), inBox };
  };

  const scan = (code: string) => {
    if (!row) return;
    const key = ++counter.current;
    // one call per label, in the order scanned, so each outcome belongs to the label in hand
    queue.current = queue.current.then(async () => {
      let outcome: ScanOutcome;
      try {
        outcome = outcomeOf(key, code, await scanIntoShipment(row.kind, row.id, [code]));
      } catch (error) {
        outcome = refusalOf(key, code, error);
      }
      setOutcomes((list) => [outcome, ...list].slice(0, 50));
      await refresh();
    });
  };

  /** The person chose to take a refused code out of its box: it goes in alone, its row says so. */
  const unpackAndAdd = (refused: ScanOutcome) => {
    if (!row) return;
    queue.current = queue.current.then(async () => {
      let outcome: ScanOutcome;
      try {
        outcome = outcomeOf(refused.key, refused.code, await scanIntoShipment(row.kind, row.id, [refused.code], true));
      } catch (error) {
        outcome = refusalOf(refused.key, refused.code, error);
      }
      setOutcomes((list) => list.map((o) => (o.key === refused.key ? outcome : o)));
      await refresh();
    });
  };

  const open = row?.status === 'OPEN';
  const permission = row?.kind === 'RETURN' ? PERMISSIONS.shipmentReturn : PERMISSIONS.shipmentShip;
  const lineColumns = [
    { key: 'code', dataIndex: 'code', title: t('supply.shipment.code') },
    { key: 'isBox', dataIndex: 'isBox', title: t('supply.shipment.isBox'), render: (v: boolean) => (v ? <Tag>{t('supply.shipment.isBox')}</Tag> : EMPTY) },
    { key: 'viaBox', dataIndex: 'viaBox', title: t('supply.shipment.viaBox'), render: (v: string | null) => v ?? EMPTY },
    { key: 'productName', dataIndex: 'productName', title: t('supply.shipment.product'), render: (v: string | null) => v ?? EMPTY },
    { key: 'batchNo', dataIndex: 'batchNo', title: t('supply.shipment.batch'), render: (v: string | null) => v ?? EMPTY },
    { key: 'addedAt', dataIndex: 'addedAt', title: t('supply.shipment.addedAt'), render: (v: string) => formatDateTime(v) },
  ];

  return (
    <Drawer open width={760} title={row ? t('supply.shipment.scanTitle', { orderNo: row.orderNo }) : ''} onClose={onClose} destroyOnHidden>
      {row && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="shipment-desk">
          <Space size="large">
            <Statistic title={t('supply.shipment.dealer')} value={`${row.dealerCode} ${row.dealerName}`} />
            <Statistic title={t('supply.shipment.items')} value={row.itemCount} data-testid="shipment-item-count" />
            <Statistic title={t('supply.shipment.boxes')} value={row.boxCount} />
            <Statistic title={t('supply.shipment.status')} value={t(`supply.shipment.statuses.${row.status}`)} />
          </Space>
          {open && (
            <>
              <Alert type="info" showIcon message={t('supply.shipment.scanHint')} />
              <CodeScanner onScan={scan} testId="shipment-scan-input" />
              <List
                size="small"
                bordered
                dataSource={outcomes}
                data-testid="shipment-outcomes"
                renderItem={(o) => (
                  <List.Item
                    className={o.ok ? undefined : 'shipment-outcome--refused'}
                    style={o.ok ? undefined : { background: '#fff2f0' }}
                    data-testid={o.ok ? 'shipment-outcome-ok' : 'shipment-outcome-refused'}
                    actions={
                      o.inBox
                        ? [
                            <Button key="unpack" size="small" onClick={() => unpackAndAdd(o)} data-testid="shipment-unpack-add">
                              {t('supply.shipment.unpackAndAdd')}
                            </Button>,
                          ]
                        : undefined
                    }
                  >
                    <Space wrap>
                      <Tag color={o.ok ? 'success' : 'error'}>{o.ok ? o.code : `${t('supply.shipment.refused')} ${o.code}`}</Tag>
                      <span>{o.text}</span>
                    </Space>
                  </List.Item>
                )}
              />
              <Space>
                <PermissionButton
                  code={permission}
                  type="primary"
                  disabled={row.itemCount === 0}
                  data-testid="shipment-complete"
                  onClick={() =>
                    confirmAction({
                      title: t(row.kind === 'RETURN' ? 'supply.shipment.completeReturn' : 'supply.shipment.complete'),
                      content: t('supply.shipment.completeConfirm', { orderNo: row.orderNo }),
                      danger: false,
                      action: async () => {
                        await completeShipment(row.kind, row.id);
                        await refresh();
                      },
                    })
                  }
                >
                  {t(row.kind === 'RETURN' ? 'supply.shipment.completeReturn' : 'supply.shipment.complete')}
                </PermissionButton>
                <PermissionButton
                  code={permission}
                  danger
                  data-testid="shipment-cancel"
                  onClick={() =>
                    confirmAction({
                      title: t('supply.shipment.cancel'),
                      content: t('supply.shipment.cancelConfirm', { orderNo: row.orderNo }),
                      action: async () => {
                        await cancelShipment(row.kind, row.id);
                        await refresh();
                      },
                    })
                  }
                >
                  {t('supply.shipment.cancel')}
                </PermissionButton>
              </Space>
            </>
          )}
          {row.status !== 'OPEN' && row.status !== 'CANCELLED' && (
            <PermissionButton code={PERMISSIONS.epcisEventList} onClick={() => void exportEpcis({ shipmentId: row.id }).catch(() => undefined)} data-testid="shipment-epcis">
              {t('supply.exportEpcis')}
            </PermissionButton>
          )}
          <Table<ShipmentLine>
            size="small"
            rowKey="code"
            title={() => t('supply.shipment.lines')}
            columns={lineColumns}
            dataSource={lines.data?.list ?? []}
            loading={lines.isLoading}
            pagination={{ current: page, pageSize: 10, total: lines.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            data-testid="shipment-lines"
          />
        </Space>
      )}
    </Drawer>
  );
}

