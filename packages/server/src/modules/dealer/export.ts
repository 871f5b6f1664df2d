import { listSeparator, type DealerRow, type Lang, type dealerPageQuerySchema } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { xlsxStream } from '../../platform/export/xlsx.js';
import { exportedDealers } from './store.js';

const TEXTS = {
  zh_CN: {
    fileName: '经销商', sheet: '经销商', code: '经销商编码', name: '经销商名称', level: '级别', parentCode: '上级经销商编码', parent: '上级经销商', areas: '销售区域',
    contact: '联系人', phone: '联系电话', address: '地址', status: '状态', namePublic: '消费者页面显示名称', remark: '备注', createdAt: '创建时间',
    statuses: { ENABLED: '启用', DISABLED: '停用' }, yes: '是', no: '否',
  },
  en_US: {
    fileName: 'Dealers', sheet: 'Dealers', code: 'Dealer code', name: 'Dealer name', level: 'Level', parentCode: 'Parent dealer code', parent: 'Parent dealer', areas: 'Sales area',
    contact: 'Contact', phone: 'Phone', address: 'Address', status: 'Status', namePublic: 'Name on the consumer page', remark: 'Remark', createdAt: 'Created',
    statuses: { ENABLED: 'Enabled', DISABLED: 'Disabled' }, yes: 'Yes', no: 'No',
  },
} as const;

export function dealerExportFileName(lang: Lang, timeZone: string): string {
  return `${TEXTS[lang].fileName}-${businessClock(timeZone).dateStamp()}.xlsx`;
}

/** The matching dealers as an .xlsx stream, by code, areas in words; the dealer import reads it back as it is. */
export function dealerExport(db: Kysely<DB>, companyId: string, query: z.infer<typeof dealerPageQuerySchema>, lang: Lang, timeZone: string, onError: (error: unknown) => void) {
  const t = TEXTS[lang];
  const clock = businessClock(timeZone);
  return xlsxStream<DealerRow>({
    sheetName: t.sheet,
    columns: [
      { header: t.code, width: 14, text: true, value: (d) => d.code },
      { header: t.name, width: 24, value: (d) => d.name },
      { header: t.level, width: 6, value: (d) => d.level },
      { header: t.parentCode, width: 14, text: true, value: (d) => d.parentCode ?? '' },
      { header: t.parent, width: 20, value: (d) => d.parentName ?? '' },
      { header: t.areas, width: 36, value: (d) => d.areaCodes.map((c) => areaName(c, lang)).join(listSeparator(lang)) },
      { header: t.contact, width: 12, value: (d) => d.contact },
      { header: t.phone, width: 14, text: true, value: (d) => d.phone },
      { header: t.address, width: 30, value: (d) => d.address },
      { header: t.status, width: 8, value: (d) => t.statuses[d.status] },
      { header: t.namePublic, width: 10, value: (d) => (d.namePublic ? t.yes : t.no) },
      { header: t.remark, width: 24, value: (d) => d.remark },
      { header: t.createdAt, width: 20, value: (d) => clock.dateTime(d.createdAt) },
    ],
    rows: exportedDealers(db, companyId, query) as AsyncIterable<DealerRow>,
    onError,
  });
}
