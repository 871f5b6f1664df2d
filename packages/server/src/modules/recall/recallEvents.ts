import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { codeIdentities } from '../epcis/codeIdentifiers.js';
import { appendEvents } from '../epcis/eventStore.js';
import { dispositionEvents, recallUri, type EventSite } from '../epcis/portalEvents.js';
import { DISPOSITIONS } from '../epcis/vocabulary.js';
import type { HeldRecallJob, StepOutcome } from './jobs.js';

/**
 * The EPCIS events of a recall, written in steps like a whole job's activation: each step takes the next
 * codes of the recall in id order and appends their ObjectEvents (OBSERVE, at most EVENT_EPCS_MAX EPCs
 * each) in the step's transaction. Activation writes disposition `recalled`, timed when the recall took
 * effect; closing writes the disposition the company chose, timed when it closed. The recall's URI is the
 * events' business transaction, so a partner finds every event of one recall.
 */

export async function eventStep(tx: Transaction<DB>, held: HeldRecallJob, site: EventSite, stepSize: number): Promise<StepOutcome> {
  const { rows } = await sql<{ id: string }>`
    SELECT code_id::text AS id FROM recall_code
     WHERE recall_id = ${held.recallId} AND code_id > ${held.cursor}::bigint
     ORDER BY code_id LIMIT ${stepSize}`.execute(tx);
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    const recalled = held.kind === 'RECALLED';
    const disposition = recalled ? DISPOSITIONS.recalled : (held.disposition ?? DISPOSITIONS.nonSellableOther);
    const at = (recalled ? held.startedAt : held.closedAt) ?? new Date();
    const epcs = (await codeIdentities(tx, site.epcBase, ids)).map((c) => c.epc);
    await appendEvents(tx, { companyId: held.companyId, origin: 'PORTAL' }, dispositionEvents(site, at, epcs, disposition, recallUri(site, held.companyId, held.recallNo)));
  }
  return { phase: held.phase, part: 0, cursor: ids.length > 0 ? (ids[ids.length - 1] as string) : held.cursor, progress: ids.length, finished: ids.length < stepSize };
}
