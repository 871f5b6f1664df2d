import { CODE_STATUSES, type CodeDetail, type CodeFilters, type CodeStatusValue, type Lang, type PageQuery } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/http/appError.js';
import { recordCommissioning, recordDecommissioning } from '../epcis/codeEvents.js';
import type { EventSite } from '../epcis/portalEvents.js';
import { codeUrl } from '../rule/codeMaker.js';
import { codePage, codeStatus, findCode, lockCodes, markActivated, markVoided, statusDictionary } from './store.js';
import { CODE_STATUS_LABELS } from './texts.js';

/**
 * The rules of a code's life: NOT_ACTIVATED (not in force) → ACTIVATED (in force) → VOIDED (invalid);
 * a code that is not yet in force may be voided too, a voided code stays voided.
 */

export function listCodes(db: Kysely<DB>, principal: Principal, query: CodeFilters & PageQuery) {
  return codePage(db, principal, query, query);
}

/** A code the caller may see, with the URL its QR image carries; another company's code is "not found". */
export async function codeDetail(
  db: Kysely<DB>,
  principal: Principal,
  publicBaseUrl: string,
  by: { id: string } | { code: string },
): Promise<CodeDetail> {
  const row = await findCode(db, principal, by);
  if (!row) throw notFound();
  const { urlForm, gtin, batchNo, ...code } = row;
  return { ...code, url: codeUrl(publicBaseUrl, row.code, { urlForm, gtin, batchNo }) };
}

/**
 * Puts codes in force, all of them or none: every id must be a visible code (else NOT_FOUND) that is not in
 * force yet (else CONFLICT). The rows are locked first, so two calls cannot both activate one code. Their
 * commissioning events are written with them.
 */
export async function activateCodes(db: Kysely<DB>, principal: Principal, ids: readonly string[], site: EventSite): Promise<number> {
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (tx) => {
    const found = await lockCodes(tx, principal, wanted);
    if (found.length < wanted.length) throw notFound();
    if (found.some((c) => c.status !== 'NOT_ACTIVATED')) throw conflict();
    const activated = await markActivated(tx, wanted);
    await recordCommissioning(tx, site, wanted);
    return activated;
  });
}

/** Voids a code with its reason and time, and writes its decommissioning; voiding a voided code is a CONFLICT. */
export async function voidCode(db: Kysely<DB>, principal: Principal, id: string, reason: string, site: EventSite): Promise<void> {
  const voided = await db.transaction().execute(async (tx) => {
    if (!(await markVoided(tx, principal, id, reason))) return false;
    await recordDecommissioning(tx, site, [id]);
    return true;
  });
  if (voided) return;
  throw (await codeStatus(db, principal, id)) ? conflict() : notFound();
}

/** Status labels in the reader's language: the code_status dictionary's (administrators may relabel), else built-in. */
export async function codeStatusLabels(db: Kysely<DB>, lang: Lang): Promise<Record<CodeStatusValue, string>> {
  const labels = { ...CODE_STATUS_LABELS[lang] };
  const known = new Set<string>(CODE_STATUSES);
  for (const item of await statusDictionary(db)) {
    if (!known.has(item.dic_code)) continue;
    labels[item.dic_code as CodeStatusValue] = lang === 'en_US' && item.dic_name_en ? item.dic_name_en : item.dic_name;
  }
  return labels;
}
