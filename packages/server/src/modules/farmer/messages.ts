import type { Lang } from '@rd/contract';

/** Texts the growers' area puts into errors, in the request's language. */
export const FARMER_MESSAGES = {
  idCardLabel: { zh_CN: '身份证号', en_US: 'ID card number' },
} as const satisfies Record<string, Record<Lang, string>>;
