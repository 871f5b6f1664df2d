import type { Lang } from '@rd/contract';

export const CONFLICT_EXPORT_TEXTS: Record<Lang, Record<string, string>> = {
  zh_CN: {
    fileName: '窜货预警',
    sheetName: '窜货预警',
    scannedAt: '扫码时间',
    code: '标签码',
    productName: '产品',
    batchNo: '批次',
    dealerCode: '经销商编码',
    dealerName: '经销商',
    orderNo: '出库单号',
    dealerAreas: '经销商销售区域',
    scanArea: '扫码地区',
    ip: 'IP',
  },
  en_US: {
    fileName: 'Channel-conflicts',
    sheetName: 'Channel conflicts',
    scannedAt: 'Scanned at',
    code: 'Code',
    productName: 'Product',
    batchNo: 'Batch',
    dealerCode: 'Dealer code',
    dealerName: 'Dealer',
    orderNo: 'Outbound order',
    dealerAreas: 'Dealer’s sales area',
    scanArea: 'Scanned in',
    ip: 'IP',
  },
};
