import type { CodeStatusValue, codeBulkSelectionSchema } from '@rd/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';

/**
 * Which codes a bulk operation covers, as a condition on `code c` of the caller's company, and how many of
 * them are in each state. A job or batch is counted from its tallies (it may hold millions of codes); a
 * serial range (index code_rule_serial_idx) and a list (unique code index) are at most CODE_BULK_MAX codes
 * and are counted directly. Another company's job, batch or rule answers NOT_FOUND.
 */

export type StatusCounts = Record<CodeStatusValue, number>;

export interface ResolvedSelection {
  /** The condition on `c` (the company's condition included). */
  where: RawBuilder<boolean>;
  counts: StatusCounts;
  /** Listed codes not found among the company's, in the order listed (LIST only). */
  unknown: Array<{ index: number; code: string }>;
}

type Db = Kysely<DB> | Transaction<DB>;

const none = (): StatusCounts => ({ NOT_ACTIVATED: 0, ACTIVATED: 0, VOIDED: 0 });

function countsOf(rows: ReadonlyArray<{ status: string; codes: number }>): StatusCounts {
  const counts = none();
  for (const r of rows) counts[r.status as CodeStatusValue] += Number(r.codes);
  return counts;
}

async function tallied(db: Db, owner: 'record_id' | 'batch_id', id: string): Promise<StatusCounts> {
  const { rows } = await sql<{ status: string; codes: number }>`
    SELECT status, sum(codes)::float8 AS codes FROM code_tally WHERE ${sql.ref(owner)} = ${id} GROUP BY status`.execute(db);
  return countsOf(rows);
}

async function counted(db: Db, where: RawBuilder<boolean>): Promise<StatusCounts> {
  const { rows } = await sql<{ status: string; codes: number }>`
    SELECT c.status, count(*)::int AS codes FROM code c WHERE ${where} GROUP BY c.status`.execute(db);
  return countsOf(rows);
}

export async function resolveSelection(db: Db, companyId: string, selection: z.output<typeof codeBulkSelectionSchema>): Promise<ResolvedSelection> {
  const company = sql<boolean>`c.company_id = ${companyId}`;
  switch (selection.scope) {
    case 'JOB': {
      const job = await db
        .selectFrom('code_record')
        .select('status')
        .where('id', '=', selection.recordId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!job) throw notFound();
      // a job still making codes would leave out the codes it writes next
      if (job.status === 'QUEUED' || job.status === 'RUNNING') throw new AppError('BULK_JOB_NOT_DONE');
      return { where: sql<boolean>`${company} AND c.record_id = ${selection.recordId}`, counts: await tallied(db, 'record_id', selection.recordId), unknown: [] };
    }
    case 'BATCH': {
      const batch = await db.selectFrom('product_batch').select('id').where('id', '=', selection.batchId).where('company_id', '=', companyId).executeTakeFirst();
      if (!batch) throw notFound();
      return { where: sql<boolean>`${company} AND c.batch_id = ${selection.batchId}`, counts: await tallied(db, 'batch_id', selection.batchId), unknown: [] };
    }
    case 'RANGE': {
      const rule = await db.selectFrom('tag_rule').select('id').where('id', '=', selection.ruleId).where('company_id', '=', companyId).executeTakeFirst();
      if (!rule) throw notFound();
      const where = sql<boolean>`${company} AND c.rule_id = ${selection.ruleId} AND c.serial BETWEEN ${selection.fromSerial} AND ${selection.toSerial}`;
      return { where, counts: await counted(db, where), unknown: [] };
    }
    case 'LIST': {
      const codes = [...new Set(selection.codes)];
      const where = sql<boolean>`${company} AND c.code = ANY(${sql.val(codes)}::text[])`;
      const found = await sql<{ code: string }>`SELECT c.code FROM code c WHERE ${where}`.execute(db);
      const known = new Set(found.rows.map((r) => r.code));
      const reported = new Set<string>();
      const unknown: Array<{ index: number; code: string }> = [];
      selection.codes.forEach((code, index) => {
        if (known.has(code) || reported.has(code)) return;
        reported.add(code);
        unknown.push({ index, code });
      });
      return { where, counts: await counted(db, where), unknown };
    }
  }
}
