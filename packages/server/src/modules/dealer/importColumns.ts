import type { Lang } from '@rd/contract';
import type { ImportColumn } from '../../platform/import/columns.js';

/**
 * The dealer import template, in sheet order. Its headers include those of the dealer export (code,
 * name, level, sales area, contact, phone, address, status, name on the consumer page, remark), so an
 * exported file imports as it is once a parent dealer code column is filled where levels are below 1.
 */
export type DealerColumnKey =
  | 'code'
  | 'name'
  | 'level'
  | 'parentCode'
  | 'areaCodes'
  | 'contact'
  | 'phone'
  | 'address'
  | 'status'
  | 'namePublic'
  | 'remark';

export const DEALER_COLUMNS: readonly ImportColumn<DealerColumnKey>[] = [
  { key: 'code', zh_CN: '经销商编码', en_US: 'Dealer code', required: true, kind: 'text', width: 16, example: 'D0001' },
  { key: 'name', zh_CN: '经销商名称', en_US: 'Dealer name', required: true, kind: 'text', width: 26, example: '示例商贸有限公司' },
  { key: 'level', zh_CN: '级别', en_US: 'Level', required: true, kind: 'integer', width: 8, example: 1 },
  { key: 'parentCode', zh_CN: '上级经销商编码', en_US: 'Parent dealer code', required: false, kind: 'text', width: 18, example: '' },
  { key: 'areaCodes', zh_CN: '销售区域', en_US: 'Sales area', required: true, kind: 'text', width: 36, example: '浙江、江苏 苏州市' },
  { key: 'contact', zh_CN: '联系人', en_US: 'Contact', required: false, kind: 'text', width: 12, example: '张三' },
  { key: 'phone', zh_CN: '联系电话', en_US: 'Phone', required: false, kind: 'text', width: 16, example: '13800000000' },
  { key: 'address', zh_CN: '地址', en_US: 'Address', required: false, kind: 'text', width: 30, example: '' },
  // the examples of these two are the first choice of the reader's language
  { key: 'status', zh_CN: '状态', en_US: 'Status', required: false, kind: 'text', width: 10, example: '' },
  { key: 'namePublic', zh_CN: '消费者页面显示名称', en_US: 'Name on the consumer page', required: false, kind: 'text', width: 12, example: '' },
  { key: 'remark', zh_CN: '备注', en_US: 'Remark', required: false, kind: 'text', width: 30, example: '' },
];

export const DEALER_IMPORT_TEXTS = {
  zh_CN: {
    sheet: '经销商',
    file: '经销商导入模板.xlsx',
    exampleRemark: '示例行，导入时忽略',
    statuses: { ENABLED: '启用', DISABLED: '停用' },
    yes: '是',
    no: '否',
    unknownArea: '无法识别的区域：{value}（请写省份、省份 城市，或区划代码）',
    unknownParent: '本企业没有编码为 {value} 的经销商',
    parentLevel: '上级经销商 {value} 是 {level} 级经销商，应为 {expected} 级',
  },
  en_US: {
    sheet: 'Dealers',
    file: 'dealers-template.xlsx',
    exampleRemark: 'Example row, skipped on import',
    statuses: { ENABLED: 'Enabled', DISABLED: 'Disabled' },
    yes: 'Yes',
    no: 'No',
    unknownArea: 'Unknown area: {value} (write a province, a province and a city, or an area code)',
    unknownParent: 'The company has no dealer with code {value}',
    parentLevel: 'Parent dealer {value} is a level {level} dealer; level {expected} is expected',
  },
} as const;

/** The remarks that mark row 2 as the template's example, whichever language the template was made in. */
export const EXAMPLE_REMARKS = [DEALER_IMPORT_TEXTS.zh_CN.exampleRemark, DEALER_IMPORT_TEXTS.en_US.exampleRemark];

export type ImportTexts = (typeof DEALER_IMPORT_TEXTS)[Lang];
