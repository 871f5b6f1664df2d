import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { sequentialCode } from '../rule/codeMaker.js';
import type { HeldRecallJob, StepOutcome } from './jobs.js';

/**
 * Resolving a recall's selection into recall_code rows, one short transaction per step (the job runner's),
 * so a million codes never make one statement and the embedded database's one connection is shared with
 * the API between steps. A changed draft's old rows are deleted first (CLEAR), a chunk at a time; then
 * GATHER reads the selection in key order after the job's cursor:
 * - BATCH: the codes bound to each batch in turn, through code (batch_id, id);
 * - SHIPMENT: the order's lines (items and the boxes scanned), through its primary key;
 * - RANGE: the codes of the next serials, whose texts the rule makes (its shape is frozen once it has codes),
 *   looked up through the unique code index; each box brings what is packed in it now, boxes in boxes too;
 * - LIST: the uploaded codes in id order, boxes bringing their contents the same way.
 * Each step adds its codes to the recall's count; the last one marks the recall resolved.
 */

/** Boxes bring their contents: a tenth of the step's codes, so a step stays near its size. */
const boxStep = (stepSize: number) => Math.max(1, Math.floor(stepSize / 10));
/** How deep boxes in boxes are followed (as shipping does). */
const BOX_DEPTH_MAX = 8;

export async function resolveStep(tx: Transaction<DB>, held: HeldRecallJob, stepSize: number): Promise<StepOutcome> {
  if (held.phase === 'CLEAR') return clearStep(tx, held, stepSize);
  switch (held.selectionKind) {
    case 'BATCH':
      return batchStep(tx, held, stepSize);
    case 'SHIPMENT':
      return shipmentStep(tx, held, stepSize);
    case 'RANGE':
      return rangeStep(tx, held, boxStep(stepSize));
    case 'LIST':
      return listStep(tx, held, boxStep(stepSize));
  }
}

async function clearStep(tx: Transaction<DB>, held: HeldRecallJob, stepSize: number): Promise<StepOutcome> {
  const { rows } = await sql<{ n: number }>`
    WITH gone AS (
      DELETE FROM recall_code WHERE recall_id = ${held.recallId} AND code_id IN (
        SELECT code_id FROM recall_code WHERE recall_id = ${held.recallId} ORDER BY code_id LIMIT ${stepSize})
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone`.execute(tx);
  const cleared = (rows[0]?.n ?? 0) < stepSize;
  return { phase: cleared ? 'GATHER' : 'CLEAR', part: 0, cursor: '0', progress: 0, finished: false };
}

/** Adds codes (and, with `withContents`, everything packed in the boxes among them) to the recall; answers how many were new. */
async function addCodes(tx: Transaction<DB>, held: HeldRecallJob, codeIds: readonly string[], withContents: boolean): Promise<number> {
  if (codeIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    WITH RECURSIVE tree (id, depth) AS (
      SELECT unnest(${sql.val([...codeIds])}::bigint[]), 0
      UNION ALL
      SELECT bi.item_code_id, t.depth + 1 FROM tree t JOIN box_item bi ON bi.box_code_id = t.id
       WHERE ${withContents}::boolean AND t.depth < ${BOX_DEPTH_MAX} AND bi.company_id = ${held.companyId}
    ),
    added AS (
      INSERT INTO recall_code (recall_id, code_id, company_id)
      SELECT DISTINCT ${held.recallId}::uuid, id, ${held.companyId}::uuid FROM tree
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM added`.execute(tx);
  const added = rows[0]?.n ?? 0;
  await sql`UPDATE recall SET code_count = code_count + ${added} WHERE id = ${held.recallId}`.execute(tx);
  return added;
}

async function markResolved(tx: Transaction<DB>, held: HeldRecallJob): Promise<void> {
  await sql`UPDATE recall SET resolved_at = now() WHERE id = ${held.recallId}`.execute(tx);
}

function gathered(part: number, cursor: string, progress: number): StepOutcome {
  return { phase: 'GATHER', part, cursor, progress, finished: false };
}

async function finish(tx: Transaction<DB>, held: HeldRecallJob, progress: number): Promise<StepOutcome> {
  await markResolved(tx, held);
  return { phase: 'GATHER', part: held.part, cursor: held.cursor, progress, finished: true };
}

async function batchStep(tx: Transaction<DB>, held: HeldRecallJob, stepSize: number): Promise<StepOutcome> {
  const batchId = held.batchIds[held.part];
  if (batchId === undefined) return finish(tx, held, 0);
  const { rows } = await sql<{ id: string }>`
    SELECT c.id::text AS id FROM code c
     WHERE c.batch_id = ${batchId} AND c.company_id = ${held.companyId} AND c.id > ${held.cursor}::bigint
     ORDER BY c.id LIMIT ${stepSize}`.execute(tx);
  const ids = rows.map((r) => r.id);
  const added = await addCodes(tx, held, ids, false);
  // the batch is done when the step found fewer than it asked for: the next step starts the next batch
  return ids.length < stepSize ? gathered(held.part + 1, '0', added) : gathered(held.part, ids[ids.length - 1] as string, added);
}

async function shipmentStep(tx: Transaction<DB>, held: HeldRecallJob, stepSize: number): Promise<StepOutcome> {
  const { rows } = await sql<{ id: string }>`
    SELECT l.code_id::text AS id FROM shipment_line l JOIN shipment s ON s.id = l.shipment_id
     WHERE l.shipment_id = ${held.shipmentId} AND s.company_id = ${held.companyId} AND l.code_id > ${held.cursor}::bigint
     ORDER BY l.code_id LIMIT ${stepSize}`.execute(tx);
  const ids = rows.map((r) => r.id);
  const added = await addCodes(tx, held, ids, false);
  if (ids.length < stepSize) return finish(tx, held, added);
  return gathered(0, ids[ids.length - 1] as string, added);
}

async function rangeStep(tx: Transaction<DB>, held: HeldRecallJob, stepSize: number): Promise<StepOutcome> {
  const rule = held.rule;
  if (!rule || held.serialFrom === null || held.serialTo === null) return finish(tx, held, 0);
  const first = BigInt(held.serialFrom);
  const last = BigInt(held.serialTo);
  const done = BigInt(held.cursor);
  const start = done >= first ? done + 1n : first;
  if (start > last) return finish(tx, held, 0);
  const end = start + BigInt(stepSize) - 1n < last ? start + BigInt(stepSize) - 1n : last;
  const texts: string[] = [];
  for (let serial = start; serial <= end; serial += 1n) texts.push(sequentialCode(rule, serial));
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM code
     WHERE code = ANY(${sql.val(texts)}::text[]) AND company_id = ${held.companyId} AND rule_id = ${held.ruleId}
       AND serial BETWEEN ${start.toString()}::bigint AND ${end.toString()}::bigint`.execute(tx);
  const added = await addCodes(
    tx,
    held,
    rows.map((r) => r.id),
    true,
  );
  if (end >= last) return finish(tx, held, added);
  return gathered(0, end.toString(), added);
}

async function listStep(tx: Transaction<DB>, held: HeldRecallJob, stepSize: number): Promise<StepOutcome> {
  const { rows } = await sql<{ id: string }>`
    SELECT code_id::text AS id FROM recall_listed_code
     WHERE recall_id = ${held.recallId} AND code_id > ${held.cursor}::bigint
     ORDER BY code_id LIMIT ${stepSize}`.execute(tx);
  const ids = rows.map((r) => r.id);
  const added = await addCodes(tx, held, ids, true);
  if (ids.length < stepSize) return finish(tx, held, added);
  return gathered(0, ids[ids.length - 1] as string, added);
}
