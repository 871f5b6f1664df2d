import { normaliseScannedCode, RECALL_RANGE_MAX, type Lang, type RecallSelection } from '@rd/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { SelectionProblems } from './messages.js';
import type { StoredSelection } from './store.js';

/**
 * Checks a recall's selection against the company's own data and turns it into what the recall row keeps.
 * Every problem is collected and refused at once (PARAM_CHECK naming each field or code), before anything
 * is written. Resolving the selection into codes is the background job's work (resolution.ts); here only
 * what must hold for it to make sense is checked, with a few key lookups.
 */

/** Unknown codes named one by one at most; the rest are counted. */
const UNKNOWN_NAMED_MAX = 100;
/** Codes looked up per statement. */
const LOOKUP_CHUNK = 1000;

const NONE: Omit<StoredSelection, 'kind'> = {
  batchIds: [],
  shipmentId: null,
  ruleId: null,
  serialFrom: null,
  serialTo: null,
  fromCode: '',
  toCode: '',
  listedCodeIds: [],
};

export async function checkSelection(tx: Transaction<DB>, companyId: string, selection: RecallSelection, lang: Lang): Promise<StoredSelection> {
  const problems = new SelectionProblems(lang);
  let stored: StoredSelection;
  switch (selection.kind) {
    case 'BATCH':
      stored = { ...NONE, kind: 'BATCH', batchIds: await checkBatches(tx, companyId, selection.batchIds, problems) };
      break;
    case 'SHIPMENT':
      stored = { ...NONE, kind: 'SHIPMENT', shipmentId: await checkShipment(tx, companyId, selection.shipmentId, problems) };
      break;
    case 'RANGE':
      stored = { ...NONE, kind: 'RANGE', ...(await checkRange(tx, companyId, selection.fromCode, selection.toCode, problems)) };
      break;
    case 'LIST':
      stored = { ...NONE, kind: 'LIST', listedCodeIds: await checkList(tx, companyId, selection.codes, problems) };
      break;
  }
  problems.throwIfAny();
  return stored;
}

/** The company's batches, each with at least one code bound to it. */
async function checkBatches(tx: Transaction<DB>, companyId: string, batchIds: readonly string[], problems: SelectionProblems): Promise<string[]> {
  const { rows } = await sql<{ id: string; batch_no: string; has_codes: boolean }>`
    SELECT b.id, b.batch_no, EXISTS (SELECT 1 FROM code c WHERE c.batch_id = b.id) AS has_codes
      FROM product_batch b
     WHERE b.company_id = ${companyId} AND b.id = ANY(${sql.val([...batchIds])}::uuid[])`.execute(tx);
  const found = new Map(rows.map((r) => [r.id, r]));
  batchIds.forEach((id, i) => {
    const batch = found.get(id);
    if (!batch) problems.add(`selection.batchIds.${i}`, 'noSuchBatch');
    else if (!batch.has_codes) problems.add(`selection.batchIds.${i}`, 'batchWithoutCodes', { batch: batch.batch_no });
  });
  return [...batchIds];
}

/** One of the company's outbound orders whose goods have left. */
async function checkShipment(tx: Transaction<DB>, companyId: string, id: string, problems: SelectionProblems): Promise<string> {
  const shipment = await tx
    .selectFrom('shipment')
    .select(['order_no', 'kind', 'status'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!shipment) problems.add('selection.shipmentId', 'noSuchShipment');
  else if (shipment.kind !== 'OUTBOUND' || (shipment.status !== 'COMPLETED' && shipment.status !== 'RECEIVED')) {
    problems.add('selection.shipmentId', 'shipmentNotShipped', { order: shipment.order_no });
  }
  return id;
}

/** Two codes of one sequential rule of the company, the second not before the first. */
async function checkRange(tx: Transaction<DB>, companyId: string, fromText: string, toText: string, problems: SelectionProblems) {
  const from = normaliseScannedCode(fromText);
  const to = normaliseScannedCode(toText);
  const { rows } = await sql<{ code: string; rule_id: string; serial: string | null; mode: string }>`
    SELECT c.code, c.rule_id, c.serial::text AS serial, r.mode
      FROM code c JOIN tag_rule r ON r.id = c.rule_id
     WHERE c.company_id = ${companyId} AND c.code = ANY(${sql.val([from, to])}::text[])`.execute(tx);
  const first = rows.find((r) => r.code === from);
  const last = rows.find((r) => r.code === to);
  const none = { ruleId: null, serialFrom: null, serialTo: null, fromCode: from, toCode: to };
  if (!first) problems.add('selection.fromCode', 'unknownCode', { code: from });
  if (!last) problems.add('selection.toCode', 'unknownCode', { code: to });
  if (!first || !last) return none;
  if (first.mode !== 'SEQUENTIAL' || first.serial === null) {
    problems.add('selection.fromCode', 'notSequential', { code: from });
    return none;
  }
  if (last.rule_id !== first.rule_id || last.serial === null) {
    problems.add('selection.toCode', 'otherRule', { code: to });
    return none;
  }
  const span = BigInt(last.serial) - BigInt(first.serial) + 1n;
  if (span < 1n) problems.add('selection.toCode', 'rangeReversed', { from: first.serial, to: last.serial });
  else if (span > BigInt(RECALL_RANGE_MAX)) problems.add('selection.toCode', 'rangeTooLarge', { max: RECALL_RANGE_MAX });
  return { ruleId: first.rule_id, serialFrom: first.serial, serialTo: last.serial, fromCode: from, toCode: to };
}

/** The ids of the listed codes, every one of them the company's; unknown ones are named by their place in the list. */
async function checkList(tx: Transaction<DB>, companyId: string, codes: readonly string[], problems: SelectionProblems): Promise<string[]> {
  const texts = codes.map(normaliseScannedCode);
  const wanted = [...new Set(texts)];
  const ids = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
    const { rows } = await sql<{ id: string; code: string }>`
      SELECT id::text AS id, code FROM code WHERE company_id = ${companyId} AND code = ANY(${sql.val(wanted.slice(i, i + LOOKUP_CHUNK))}::text[])`.execute(tx);
    for (const r of rows) ids.set(r.code, r.id);
  }
  let unknown = 0;
  const reported = new Set<string>();
  texts.forEach((text, i) => {
    if (ids.has(text) || reported.has(text)) return;
    reported.add(text);
    unknown += 1;
    if (unknown <= UNKNOWN_NAMED_MAX) problems.add(`selection.codes.${i}`, 'unknownCode', { code: text });
  });
  if (unknown > UNKNOWN_NAMED_MAX) problems.add('selection.codes', 'moreUnknown', { count: unknown - UNKNOWN_NAMED_MAX });
  return [...ids.values()];
}
