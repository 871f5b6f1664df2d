import { formatMessage, type Lang } from '@rd/contract';
import { AppError } from '../../platform/http/appError.js';

/**
 * Why a recall's selection was refused, field by field, in the reader's language. Another company's batch,
 * order or code reads exactly like one that does not exist: a company learns nothing about another's data.
 */
const MESSAGES = {
  zh_CN: {
    noSuchBatch: '批次不存在',
    batchWithoutCodes: '批次 {batch} 还没有绑定任何标签码',
    noSuchShipment: '出库单不存在',
    shipmentNotShipped: '只能召回已出库的出库单（{order} 不是已完成或已收货的出库单）',
    unknownCode: '标签码不存在：{code}',
    moreUnknown: '另有 {count} 个标签码不存在',
    notSequential: '标签码 {code} 的标签规则不是序号规则，不能按范围召回',
    otherRule: '标签码 {code} 与起始码不属于同一标签规则，范围不能跨规则',
    rangeReversed: '结束码的序号（{to}）小于起始码的序号（{from}）',
    rangeTooLarge: '一个范围最多 {max} 个序号',
    dispositionRequired: '结束已启动的召回时，必须选择剩余产品的处置方式',
  },
  en_US: {
    noSuchBatch: 'No such batch',
    batchWithoutCodes: 'Batch {batch} has no codes bound to it',
    noSuchShipment: 'No such outbound order',
    shipmentNotShipped: 'Only shipped goods can be recalled: {order} is not a completed or received outbound order',
    unknownCode: 'Unknown code: {code}',
    moreUnknown: '{count} more codes are unknown',
    notSequential: 'The tag rule of code {code} is not sequential: it has no ranges to recall',
    otherRule: 'Code {code} is not of the same tag rule as the first code: a range cannot cross rules',
    rangeReversed: 'The last code’s serial ({to}) is below the first code’s ({from})',
    rangeTooLarge: 'A range spans at most {max} serials',
    dispositionRequired: 'Closing an active recall needs the disposition of what is left',
  },
} as const;

export type RecallMessage = keyof (typeof MESSAGES)['zh_CN'];

export function recallMessage(lang: Lang, key: RecallMessage, params?: Record<string, string | number>): string {
  return formatMessage(MESSAGES[lang][key], params);
}

/** Collects refusals and throws them as one PARAM_CHECK naming every field, so nothing is written half-way. */
export class SelectionProblems {
  private readonly errors: Array<{ field: string; message: string }> = [];
  constructor(readonly lang: Lang) {}

  add(field: string, key: RecallMessage, params?: Record<string, string | number>): void {
    this.errors.push({ field, message: recallMessage(this.lang, key, params) });
  }

  get count(): number {
    return this.errors.length;
  }

  throwIfAny(): void {
    if (this.errors.length > 0) throw new AppError('PARAM_CHECK', undefined, this.errors);
  }
}
