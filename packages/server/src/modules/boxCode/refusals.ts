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
  | 'INSIDE'
  | 'PACK_NOT_ACTIVATED'
  | 'IN_BOX'
  | 'CAME_WITH_BOX';

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
    PACK_NOT_ACTIVATED: '标签码未激活，不能装箱（请先在“生产赋码”绑定批次；未激活的单品出库时会被拒绝）',
    IN_BOX: '在箱 {box} 中：请扫描箱码整箱加入，或从箱中取出后单独加入',
    CAME_WITH_BOX: '随箱 {box} 加入本单：请移除整箱',
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
    PACK_NOT_ACTIVATED: 'the code is not activated, so it cannot be packed (bind it to a batch first under “Bind codes to a batch”; shipping refuses items not activated)',
    IN_BOX: 'inside box {box}: scan the box to add it whole, or take it out of the box to add it alone',
    CAME_WITH_BOX: 'came into this order with box {box}: take the whole box out',
  },
};

export function reasonText(lang: Lang, reason: RefusalReason, params: Record<string, string> = {}): string {
  return fill(REASON_TEXTS[lang][reason], params);
}

/** How a refused code is named in the message a person reads, and how the refusals are joined. */
const DETAIL_TEXTS: Record<Lang, { entry: string; join: string; box: string; nth: string; code: string }> = {
  zh_CN: { entry: '{label}（{message}）', join: '；', box: '箱码', nth: '第 {n} 个码', code: '该码' },
  en_US: { entry: '{label} ({message})', join: '; ', box: 'the box code', nth: 'code {n}', code: 'the code' },
};

function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

/**
 * The name of a refused code in a person's message: its text when the caller may see it (the company's own
 * code), else its place in words ("第 2 个码", "the box code") — never the request path (`codes.1`), which is
 * for programs and stays in `errors[].field`.
 */
function personLabel(lang: Lang, field: string, shown: string | undefined): string {
  if (shown) return shown;
  const texts = DETAIL_TEXTS[lang];
  if (field === 'boxCode') return texts.box;
  const place = /\.(\d+)$/.exec(field);
  return place ? fill(texts.nth, { n: String(Number(place[1]) + 1) }) : texts.code;
}

/**
 * Collects every refused code of one call, so the worker sees all of them at once; then the call fails as
 * a whole (CODES_REJECTED, nothing written). Each error names the code by its place in the request, as
 * PARAM_CHECK names fields (`boxCode`, `itemCodes.3`), never by echoing the text: a refusal then reads
 * the same whether the code is unknown or another company's. The envelope's message, which a person
 * reads, names each code by its text where the company owns it (`shown`) and by its place in words
 * otherwise; request paths never appear in it.
 */
export class Refusals {
  private readonly errors: FieldError[] = [];
  private readonly labels: string[] = [];

  constructor(private readonly lang: Lang) {}

  /** `shown`: the code's text, given only for a code of the caller's company. */
  add(field: string, reason: RefusalReason, params?: Record<string, string>, shown?: string): void {
    this.errors.push({ field, message: reasonText(this.lang, reason, params), reason });
    this.labels.push(personLabel(this.lang, field, shown));
  }

  get size(): number {
    return this.errors.length;
  }

  throwIfAny(): void {
    if (this.errors.length === 0) return;
    const texts = DETAIL_TEXTS[this.lang];
    const detail = this.errors.map((e, i) => fill(texts.entry, { label: this.labels[i] ?? '', message: e.message })).join(texts.join);
    throw new AppError('CODES_REJECTED', { detail }, this.errors);
  }
}

/** The field path of a code in the request: `itemCodes.3` for the fourth code sent (its first place). */
export function fieldOf(name: string, sent: readonly string[], text: string): string {
  return `${name}.${Math.max(0, sent.indexOf(text))}`;
}
