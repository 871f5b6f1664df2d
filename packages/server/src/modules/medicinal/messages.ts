import type { Lang } from '@rd/contract';

/** Field names the medicinal area puts into errors, in the request's language. */
export const MEDICINAL_MESSAGES = {
  approvalNoLabel: { zh_CN: '批准文号', en_US: 'Approval number' },
  batchNoLabel: { zh_CN: '批号', en_US: 'Batch number' },
} as const satisfies Record<string, Record<Lang, string>>;
