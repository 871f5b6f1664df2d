import type { Lang } from '@rd/contract';

/** Field names the dictionary rules put into errors, in the request's language. */
export const DICT_FIELD_LABELS = {
  typeCode: { zh_CN: '字典类型编码', en_US: 'Type code' },
  dicCode: { zh_CN: '字典值', en_US: 'Value' },
} as const satisfies Record<string, Record<Lang, string>>;
