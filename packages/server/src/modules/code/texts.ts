import type { CodeStatusValue, Lang } from '@rd/contract';

/** Texts of the codes area that the server writes itself: the export's file name, headers and statuses. */

/** The built-in labels of the code_status dictionary (spec 4: not in force / in force / invalid). */
export const CODE_STATUS_LABELS: Record<Lang, Record<CodeStatusValue, string>> = {
  zh_CN: { NOT_ACTIVATED: '未生效', ACTIVATED: '已生效', VOIDED: '已作废' },
  en_US: { NOT_ACTIVATED: 'Not in force', ACTIVATED: 'In force', VOIDED: 'Invalid' },
};

export const CODE_EXPORT_TEXTS = {
  zh_CN: {
    fileName: '标签明细',
    code: '标签码',
    status: '状态',
    ruleName: '标签规则',
    recordId: '生成任务',
    serial: '序号',
    productId: '产品ID',
    batchId: '批次ID',
    createdAt: '生成时间',
    activatedAt: '生效时间',
    voidedAt: '作废时间',
    voidReason: '作废原因',
    url: '扫码地址',
  },
  en_US: {
    fileName: 'Codes',
    code: 'Code',
    status: 'Status',
    ruleName: 'Tag rule',
    recordId: 'Generation job',
    serial: 'Serial',
    productId: 'Product ID',
    batchId: 'Batch ID',
    createdAt: 'Generated at',
    activatedAt: 'In force since',
    voidedAt: 'Voided at',
    voidReason: 'Void reason',
    url: 'Scan URL',
  },
} as const satisfies Record<Lang, Record<string, string>>;
