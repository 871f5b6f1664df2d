import type { FieldError, Lang } from '@rd/contract';
import { AppError } from '../../platform/http/appError.js';

/**
 * Why one scanned code was refused. Another company's code is NOT_FOUND, like a code that does not exist:
 * a company learns nothing about another's codes.
 */
export type RefusalReason =
  | 'NOT_FOUND'
  | 'NOT_A_BOX'
  | 'NOT_AN_ITEM'
  | 'VOIDED'
  | 'IN_OTHER_BOX'
  | 'NOT_IN_THIS_BOX'
  | 'BOUND_TO_OTHER_BATCH'
  | 'OTHER_PRODUCT'
  | 'NOT_ACTIVATED'
  | 'SHIPPED_TO'
  | 'NOT_AT_DEALER'
  | 'IN_OPEN_ORDER'
  | 'EMPTY_BOX'
  | 'INSIDE';

const REASON_TEXTS: Record<Lang, Record<RefusalReason, string>> = {
  zh_CN: {
    NOT_FOUND: '标签码不存在',
    NOT_A_BOX: '不是箱码（该码的标签规则类型为单品）',
    NOT_AN_ITEM: '不是单品码（该码的标签规则类型为箱码）',
    VOIDED: '标签码已作废',
    IN_OTHER_BOX: '已装入箱 {box}（如需转箱，请选择转箱）',
    NOT_IN_THIS_BOX: '不在该箱中',
    BOUND_TO_OTHER_BATCH: '已绑定到其他批次 {batch}',
    OTHER_PRODUCT: '已属于其他产品 {product}',
    NOT_ACTIVATED: '标签码未激活',
    SHIPPED_TO: '已出库给经销商 {dealer}，尚未退回',
    NOT_AT_DEALER: '不在该经销商处',
    IN_OPEN_ORDER: '已在未完成的出入库单 {order} 中',
    EMPTY_BOX: '箱内没有单品',
    INSIDE: '箱内的 {code}：{reason}',
  },
  en_US: {
    NOT_FOUND: 'no such code',
    NOT_A_BOX: 'not a box code (its tag rule is for items)',
    NOT_AN_ITEM: 'not an item code (its tag rule is for boxes)',
    VOIDED: 'the code is voided',
    IN_OTHER_BOX: 'already in box {box} (choose move to move it)',
    NOT_IN_THIS_BOX: 'not in this box',
    BOUND_TO_OTHER_BATCH: 'already bound to another batch {batch}',
    OTHER_PRODUCT: 'belongs to another product {product}',
    NOT_ACTIVATED: 'the code is not activated',
    SHIPPED_TO: 'already shipped to dealer {dealer} and not returned',
    NOT_AT_DEALER: 'not at this dealer',
    IN_OPEN_ORDER: 'already in the open order {order}',
    EMPTY_BOX: 'the box holds no items',
    INSIDE: '{code} inside: {reason}',
  },
};

export function reasonText(lang: Lang, reason: RefusalReason, params: Record<string, string> = {}): string {
  return REASON_TEXTS[lang][reason].replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

/**
 * Collects every refused code of one call, so the worker sees all of them at once; then the call fails as
 * a whole (CODES_REJECTED, nothing written). Each error names the code by its place in the request, as
 * PARAM_CHECK names fields (`boxCode`, `itemCodes.3`), never by echoing the text: a refusal then reads
 * the same whether the code is unknown or another company's.
 */
export class Refusals {
  private readonly errors: FieldError[] = [];

  constructor(private readonly lang: Lang) {}

  add(field: string, reason: RefusalReason, params?: Record<string, string>): void {
    this.errors.push({ field, message: reasonText(this.lang, reason, params) });
  }

  get size(): number {
    return this.errors.length;
  }

  throwIfAny(): void {
    if (this.errors.length === 0) return;
    const detail = this.errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    throw new AppError('CODES_REJECTED', { detail }, this.errors);
  }
}

/** The field path of a code in the request: `itemCodes.3` for the fourth code sent (its first place). */
export function fieldOf(name: string, sent: readonly string[], text: string): string {
  return `${name}.${Math.max(0, sent.indexOf(text))}`;
}
