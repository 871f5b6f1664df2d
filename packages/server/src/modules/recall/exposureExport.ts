import type { Lang, RecallExposure, RecallRow } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { businessClock } from '../../platform/export/businessClock.js';
import { xlsxSheetsStream, type XlsxSheet } from '../../platform/export/xlsx.js';
import { RECALL_TEXTS } from './texts.js';

/**
 * A recall's exposure as an .xlsx of three sheets: the recall and its figures, the dealers holding its
 * items, and consumers' scans by province. The figures are those of the screen, worked out once.
 */

const EXPOSURE_TEXTS = {
  zh_CN: {
    fileName: '召回进展', summary: '概况', dealers: '经销商', provinces: '扫码省份', item: '项目', value: '内容',
    recallNo: '召回单号', level: '召回级别', state: '状态', reason: '召回原因', instruction: '消费者处理方式', contact: '联系方式',
    startedAt: '开始时间', closedAt: '结束时间', codeCount: '召回标签码', items: '单品', boxes: '箱码', atDealers: '在经销商处的单品',
    atCompany: '在企业（未出库或已退回）的单品', returned: '召回开始后退回的单品', scans: '召回开始后消费者扫码次数', scannedItems: '被扫码的单品',
    dealerCode: '经销商编码', dealerName: '经销商', dealerLevel: '级别', area: '销售区域', dealerItems: '持有单品数',
    province: '省份', provinceScans: '扫码次数', provinceItems: '被扫码单品', unknownPlace: '未知或境外',
  },
  en_US: {
    fileName: 'Recall progress', summary: 'Summary', dealers: 'Dealers', provinces: 'Scan provinces', item: 'Item', value: 'Value',
    recallNo: 'Recall', level: 'Class', state: 'State', reason: 'Reason', instruction: 'What consumers should do', contact: 'Contact',
    startedAt: 'Started', closedAt: 'Closed', codeCount: 'Codes recalled', items: 'Items', boxes: 'Boxes', atDealers: 'Items at dealers',
    atCompany: 'Items at the company (never shipped, or back)', returned: 'Items returned since the recall started', scans: 'Consumer scans since the recall started',
    scannedItems: 'Items scanned', dealerCode: 'Dealer code', dealerName: 'Dealer', dealerLevel: 'Level', area: 'Sales area', dealerItems: 'Items held',
    province: 'Province', provinceScans: 'Scans', provinceItems: 'Items scanned', unknownPlace: 'Unknown or abroad',
  },
} as const;

export function exposureFileName(lang: Lang, recallNo: string, timeZone: string): string {
  return `${EXPOSURE_TEXTS[lang].fileName}-${recallNo}-${businessClock(timeZone).dateStamp()}.xlsx`;
}

async function* listed<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

export function exposureExport(recall: RecallRow, exposure: RecallExposure, lang: Lang, timeZone: string, onError: (error: unknown) => void) {
  const t = EXPOSURE_TEXTS[lang];
  const labels = RECALL_TEXTS[lang];
  const clock = businessClock(timeZone);
  const summary: Array<[string, string | number]> = [
    [t.recallNo, recall.recallNo],
    [t.level, labels.levels[recall.level as 1 | 2 | 3] ?? String(recall.level)],
    [t.state, labels.states[recall.state]],
    [t.reason, recall.reason],
    [t.instruction, recall.instruction],
    [t.contact, recall.contact],
    [t.startedAt, clock.dateTime(recall.startedAt)],
    [t.closedAt, clock.dateTime(recall.closedAt)],
    [t.codeCount, exposure.codeCount],
    [t.items, exposure.items],
    [t.boxes, exposure.boxes],
    [t.atDealers, exposure.atDealers],
    [t.atCompany, exposure.atCompany],
    [t.returned, exposure.returned],
    [t.scans, exposure.scans],
    [t.scannedItems, exposure.scannedItems],
  ];
  const areas = (codes: readonly string[]) => codes.map((code) => areaName(code, lang)).join(lang === 'zh_CN' ? '、' : ', ');
  const province = (code: string) => (code ? areaName(code, lang) : t.unknownPlace);
  type Dealer = RecallExposure['dealers'][number];
  type Province = RecallExposure['provinces'][number];
  const summarySheet: XlsxSheet<[string, string | number]> = {
    sheetName: t.summary,
    columns: [
      { header: t.item, width: 44, value: (r) => r[0] },
      { header: t.value, width: 60, value: (r) => r[1] },
    ],
    rows: listed(summary),
  };
  const dealerSheet: XlsxSheet<Dealer> = {
    sheetName: t.dealers,
    autoFilter: true,
    columns: [
      { header: t.dealerCode, width: 16, text: true, value: (d) => d.dealerCode },
      { header: t.dealerName, width: 28, value: (d) => d.dealerName },
      { header: t.dealerLevel, width: 8, value: (d) => d.level },
      { header: t.area, width: 40, value: (d) => areas(d.areaCodes) },
      { header: t.dealerItems, width: 14, value: (d) => d.items },
    ],
    rows: listed(exposure.dealers),
  };
  const provinceSheet: XlsxSheet<Province> = {
    sheetName: t.provinces,
    autoFilter: true,
    columns: [
      { header: t.province, width: 20, value: (p) => province(p.areaCode) },
      { header: t.provinceScans, width: 14, value: (p) => p.scans },
      { header: t.provinceItems, width: 14, value: (p) => p.items },
    ],
    rows: listed(exposure.provinces),
  };
  const sheets = [summarySheet, dealerSheet, provinceSheet];
  return xlsxSheetsStream(sheets, onError);
}
