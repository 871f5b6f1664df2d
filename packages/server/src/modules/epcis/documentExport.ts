import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';
import { codeIdentities } from './codeIdentifiers.js';
import { epcisDocumentShell } from './document.js';
import { epcMatchKey } from './epcMatch.js';
import { eventJson, type StoredEventRow } from './eventQuery.js';

/**
 * An EPCISDocument of everything the company's repository holds about a batch's codes or a shipment's
 * codes: each code's commissioning, packing, shipping, receiving and partners' events about it, oldest
 * recorded first. Written as it is read: codes are looked up a few thousand at a time, only the ids of the
 * events are kept (a million codes name a few thousand events), then the events go out a page at a time.
 */

const CODES_PER_LOOKUP = 5000;
const EVENTS_PER_READ = 200;

export type ExportSubject = { batchId: string } | { shipmentId: string };

/** The subject's name for the file, and the ids of its codes in id order, a chunk at a time. */
async function subjectOf(db: Kysely<DB>, companyId: string, subject: ExportSubject): Promise<{ name: string; codeIds: () => AsyncGenerator<string[]> }> {
  if ('batchId' in subject) {
    const batch = await db.selectFrom('product_batch').select(['id', 'batch_no']).where('company_id', '=', companyId).where('id', '=', subject.batchId).executeTakeFirst();
    if (!batch) throw notFound();
    return {
      name: batch.batch_no,
      async *codeIds() {
        let after = '0';
        for (;;) {
          const rows = await db.selectFrom('code').select('id').where('company_id', '=', companyId).where('batch_id', '=', batch.id).where('id', '>', after).orderBy('id').limit(CODES_PER_LOOKUP).execute();
          if (rows.length === 0) return;
          yield rows.map((r) => r.id);
          after = rows[rows.length - 1]!.id;
        }
      },
    };
  }
  const shipment = await db.selectFrom('shipment').select(['id', 'order_no']).where('company_id', '=', companyId).where('id', '=', subject.shipmentId).executeTakeFirst();
  if (!shipment) throw notFound();
  return {
    name: shipment.order_no,
    async *codeIds() {
      let after = '0';
      for (;;) {
        const rows = await db.selectFrom('shipment_line').select('code_id').where('shipment_id', '=', shipment.id).where('code_id', '>', after).orderBy('code_id').limit(CODES_PER_LOOKUP).execute();
        if (rows.length === 0) return;
        yield rows.map((r) => r.code_id);
        after = rows[rows.length - 1]!.code_id;
      }
    },
  };
}

export async function epcisExport(db: Kysely<DB>, companyId: string, epcBase: string, subject: ExportSubject) {
  const { name, codeIds } = await subjectOf(db, companyId, subject);
  async function* text(): AsyncGenerator<string> {
    const eventIds = new Set<bigint>();
    for await (const ids of codeIds()) {
      // each label under its index key, and as written for events stored before keys were canonical
      const epcs = [...new Set((await codeIdentities(db, epcBase, ids)).flatMap((c) => [c.epc, epcMatchKey(c.epc)]))];
      const { rows } = await sql<{ id: string }>`
        SELECT DISTINCT x.event_pk::text AS id FROM epcis_event_epc x JOIN epcis_event e ON e.id = x.event_pk
         WHERE x.epc = ANY(${sql.val(epcs)}::text[]) AND e.company_id = ${companyId}`.execute(db);
      for (const r of rows) eventIds.add(BigInt(r.id));
    }
    const ordered = [...eventIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String);
    const shell = JSON.stringify(epcisDocumentShell('EPCISDocument', { eventList: [] }));
    const [head, tail] = shell.split('"eventList":[]') as [string, string];
    yield `${head}"eventList":[`;
    for (let i = 0; i < ordered.length; i += EVENTS_PER_READ) {
      const rows = (await db
        .selectFrom('epcis_event')
        .select(['id', 'body', 'record_time as recordTime'])
        .where('id', 'in', ordered.slice(i, i + EVENTS_PER_READ))
        .orderBy('id')
        .execute()) as StoredEventRow[];
      yield rows.map((row, j) => `${i + j === 0 ? '' : ','}${JSON.stringify(eventJson(row))}`).join('');
    }
    yield `]${tail}`;
  }
  return { name, text };
}
