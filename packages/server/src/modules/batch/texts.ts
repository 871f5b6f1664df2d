import type { Lang } from '@rd/contract';
import type { CodeStatus } from '../../platform/db/schema.js';

/** Column headers and labels of the batch's code export, in the reader's language. */
export const EXPORT_TEXTS = {
  zh_CN: { sheetName: '批次标签', fileSuffix: '标签', code: '标签码', status: '状态', activatedAt: '激活时间' },
  en_US: { sheetName: 'Batch codes', fileSuffix: 'codes', code: 'Code', status: 'Status', activatedAt: 'Activated at' },
} as const satisfies Record<Lang, Record<string, string>>;

/** The catalogue's status names: in force / not in force / invalid. */
export const CODE_STATUS_LABELS: Record<Lang, Record<CodeStatus, string>> = {
  zh_CN: { NOT_ACTIVATED: '未生效', ACTIVATED: '已生效', VOIDED: '已作废' },
  en_US: { NOT_ACTIVATED: 'Not in force', ACTIVATED: 'In force', VOIDED: 'Invalid' },
};
