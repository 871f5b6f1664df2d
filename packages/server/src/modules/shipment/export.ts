import type { Lang, ShipmentRow, shipmentPageQuerySchema } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { xlsxStream } from '../../platform/export/xlsx.js';
import { exportedShipments } from './store.js';

const TEXTS = {
  zh_CN: {
    fileName: '出入库单', sheet: '出入库单', orderNo: '单号', kind: '类型', status: '状态', dealerCode: '经销商编码', dealerName: '经销商',
    items: '单品数', boxes: '箱数', remark: '备注', createdBy: '制单人', createdAt: '创建时间', completedAt: '完成时间', receivedAt: '收货时间',
    kinds: { OUTBOUND: '出库', RETURN: '退货入库' },
    statuses: { OPEN: '扫码中', COMPLETED: '已完成', RECEIVED: '已收货', CANCELLED: '已取消' },
  },
  en_US: {
    fileName: 'Shipments', sheet: 'Shipments', orderNo: 'Order', kind: 'Kind', status: 'Status', dealerCode: 'Dealer code', dealerName: 'Dealer',
    items: 'Items', boxes: 'Boxes', remark: 'Remark', createdBy: 'Created by', createdAt: 'Created', completedAt: 'Completed', receivedAt: 'Received',
    kinds: { OUTBOUND: 'Outbound', RETURN: 'Return' },
    statuses: { OPEN: 'Scanning', COMPLETED: 'Completed', RECEIVED: 'Received', CANCELLED: 'Cancelled' },
  },
} as const;

export function shipmentExportFileName(lang: Lang, timeZone: string): string {
  return `${TEXTS[lang].fileName}-${businessClock(timeZone).dateStamp()}.xlsx`;
}

/** The matching orders as an .xlsx stream, newest first. */
export function shipmentExport(db: Kysely<DB>, companyId: string, query: z.infer<typeof shipmentPageQuerySchema>, lang: Lang, timeZone: string, onError: (error: unknown) => void) {
  const t = TEXTS[lang];
  const clock = businessClock(timeZone);
  return xlsxStream<ShipmentRow>({
    sheetName: t.sheet,
    columns: [
      { header: t.orderNo, width: 18, text: true, value: (s) => s.orderNo },
      { header: t.kind, width: 10, value: (s) => t.kinds[s.kind] },
      { header: t.status, width: 10, value: (s) => t.statuses[s.status] },
      { header: t.dealerCode, width: 14, text: true, value: (s) => s.dealerCode },
      { header: t.dealerName, width: 24, value: (s) => s.dealerName },
      { header: t.items, width: 10, value: (s) => s.itemCount },
      { header: t.boxes, width: 8, value: (s) => s.boxCount },
      { header: t.remark, width: 24, value: (s) => s.remark },
      { header: t.createdBy, width: 14, value: (s) => s.createdByName },
      { header: t.createdAt, width: 20, value: (s) => clock.dateTime(s.createdAt) },
      { header: t.completedAt, width: 20, value: (s) => clock.dateTime(s.completedAt) },
      { header: t.receivedAt, width: 20, value: (s) => clock.dateTime(s.receivedAt) },
    ],
    rows: exportedShipments(db, companyId, query, timeZone) as AsyncIterable<ShipmentRow>,
    onError,
  });
}
