import {
  CODE_BULK_MAX,
  CODE_BULK_UNKNOWN_SHOWN,
  validationMessage,
  type CodeBulkAction,
  type CodeBulkPreview,
  type CodeBulkResult,
  type Lang,
  type codeBulkSelectionSchema,
} from '@rd/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { Refusals } from '../boxCode/refusals.js';
import { recordCommissioning, recordDecommissioning } from '../epcis/codeEvents.js';
import type { EventSite } from '../epcis/portalEvents.js';
import { ownCompany } from '../product/ownCompany.js';
import { resolveSelection, type StatusCounts } from './bulkSelection.js';

/**
 * Activating or voiding the codes of a job, a batch, a serial range or a list, all of them or none: the
 * preview counts what would change, applying does it in one transaction (codes, their EPCIS events and,
 * through the triggers of 0034, the tallies) or refuses with nothing written — a listed code that is not
 * the company's, more than CODE_BULK_MAX codes to change. Voided codes stay voided: activating skips them
 * (counted as blocked), and a voided code answers VOIDED at the consumer's check.
 */

type Selection = z.output<typeof codeBulkSelectionSchema>;
/** What to do: put in force, or void with a reason. */
export type BulkChange = { action: 'ACTIVATE' } | { action: 'VOID'; reason: string };

/** Events are written for this many codes at a time, so memory stays flat for the largest operation. */
const EVENT_CHUNK = 5000;

function fates(action: CodeBulkAction, counts: StatusCounts) {
  return action === 'ACTIVATE'
    ? { willChange: counts.NOT_ACTIVATED, already: counts.ACTIVATED, blocked: counts.VOIDED }
    : { willChange: counts.NOT_ACTIVATED + counts.ACTIVATED, already: counts.VOIDED, blocked: 0 };
}

export async function previewBulk(db: Kysely<DB>, principal: Principal, action: CodeBulkAction, selection: Selection): Promise<CodeBulkPreview> {
  const { counts, unknown } = await resolveSelection(db, ownCompany(principal), selection);
  return {
    found: counts.NOT_ACTIVATED + counts.ACTIVATED + counts.VOIDED,
    ...fates(action, counts),
    notFound: unknown.length,
    notFoundCodes: unknown.slice(0, CODE_BULK_UNKNOWN_SHOWN).map((u) => u.code),
  };
}

function tooMany(lang: Lang) {
  return new AppError('PARAM_CHECK', undefined, [{ field: 'selection', message: validationMessage('validation.bulkTooMany', lang) }]);
}

async function changeCodes(tx: Transaction<DB>, change: BulkChange, where: RawBuilder<boolean>): Promise<string[]> {
  const { rows } =
    change.action === 'ACTIVATE'
      ? await sql<{ id: string }>`
          UPDATE code c SET status = 'ACTIVATED', activated_at = now()
           WHERE ${where} AND c.status = 'NOT_ACTIVATED' RETURNING c.id::text AS id`.execute(tx)
      : await sql<{ id: string }>`
          UPDATE code c SET status = 'VOIDED', voided_at = now(), void_reason = ${change.reason}
           WHERE ${where} AND c.status <> 'VOIDED' RETURNING c.id::text AS id`.execute(tx);
  return rows.map((r) => r.id);
}

export async function applyBulk(
  db: Kysely<DB>,
  principal: Principal,
  change: BulkChange,
  selection: Selection,
  lang: Lang,
  site: EventSite,
): Promise<CodeBulkResult> {
  const companyId = ownCompany(principal);
  return db.transaction().execute(async (tx) => {
    const { where, counts, unknown } = await resolveSelection(tx, companyId, selection);
    if (unknown.length > 0) {
      const refusals = new Refusals(lang);
      for (const u of unknown.slice(0, CODE_BULK_UNKNOWN_SHOWN)) refusals.add(`selection.codes.${u.index}`, 'NOT_FOUND');
      refusals.throwIfAny();
    }
    const { willChange, already, blocked } = fates(change.action, counts);
    if (willChange > CODE_BULK_MAX) throw tooMany(lang);
    const ids = await changeCodes(tx, change, where);
    // a concurrent change could only have taken codes out of the selection's reach; never past the limit
    if (ids.length > CODE_BULK_MAX) throw tooMany(lang);
    const at = new Date();
    for (let i = 0; i < ids.length; i += EVENT_CHUNK) {
      const chunk = ids.slice(i, i + EVENT_CHUNK);
      if (change.action === 'ACTIVATE') await recordCommissioning(tx, site, chunk, at);
      else await recordDecommissioning(tx, site, chunk, at);
    }
    return { changed: ids.length, already: already + (willChange - ids.length), blocked };
  });
}
