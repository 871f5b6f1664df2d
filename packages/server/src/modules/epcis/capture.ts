import { validationMessage, type FieldError, type Lang } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { codeUrl } from '../rule/codeMaker.js';
import { canonicalGs1Identifier } from './canonicalIdentifier.js';
import { epcisSchemaProblems } from './documentSchema.js';
import { eventHashId } from './eventHash.js';
import { appendEvents } from './eventStore.js';

/**
 * Capture (POST /capture) of an EPCISDocument from a partner system, whole or not at all: the document is
 * checked against GS1's schema, every identifier that names one of the portal's codes must be a code of
 * the caller's company, and only then are its events stored, in one transaction, under that company.
 * Events without an eventID get their CBV event hash; an event the company has already is not stored twice.
 */

export const CAPTURE_EVENTS_MAX = 10_000;
/** Refusals listed for one document at most. */
const REFUSALS_MAX = 50;

type Json = Record<string, unknown>;

const EPC_LIST_FIELDS = ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'] as const;

function refuse(errors: FieldError[]): never {
  throw new AppError('PARAM_CHECK', undefined, errors.slice(0, REFUSALS_MAX));
}

/** The code text an identifier may name: a scan URL's ?code=, or the serial of a GTIN + serial Digital Link. */
function candidateCode(epc: string, epcBase: string): string | null {
  if (epc.startsWith(`${epcBase}/`)) {
    try {
      const url = new URL(epc);
      if (url.pathname.endsWith('/antiCounterfeiting')) return url.searchParams.get('code');
    } catch {
      return null;
    }
  }
  const canonical = canonicalGs1Identifier(epc);
  const serial = canonical ? /^https:\/\/id\.gs1\.org\/01\/\d{14}\/21\/(.+)$/.exec(canonical)?.[1] : undefined;
  if (serial === undefined) return null;
  try {
    return decodeURIComponent(serial);
  } catch {
    return null;
  }
}

const canonical = (epc: string) => canonicalGs1Identifier(epc) ?? epc;

/**
 * The pointers of identifiers the caller may not write events about: any identifier under the portal's own
 * address that is not one of the company's codes (unknown or another company's, told apart by nobody),
 * and any GS1 identifier that is the label of another company's code.
 */
async function foreignIdentifiers(db: Kysely<DB>, companyId: string, epcBase: string, events: readonly Json[]): Promise<Array<{ path: string; epc: string }>> {
  const named: Array<{ path: string; epc: string; code: string | null }> = [];
  events.forEach((event, index) => {
    const at = `/epcisBody/eventList/${index}`;
    if (typeof event['parentID'] === 'string') named.push({ path: `${at}/parentID`, epc: event['parentID'], code: candidateCode(event['parentID'], epcBase) });
    for (const field of EPC_LIST_FIELDS) {
      const epcs = event[field];
      if (!Array.isArray(epcs)) continue;
      epcs.forEach((epc, i) => {
        if (typeof epc === 'string') named.push({ path: `${at}/${field}/${i}`, epc, code: candidateCode(epc, epcBase) });
      });
    }
  });
  const texts = [...new Set(named.flatMap((n) => (n.code ? [n.code] : [])))];
  const codes = new Map<string, { companyId: string; epc: string }>();
  for (let i = 0; i < texts.length; i += 10_000) {
    const { rows } = await sql<{ code: string; companyId: string; urlForm: 'SCAN' | 'GS1'; gtin: string | null; batchNo: string | null }>`
      SELECT c.code, c.company_id AS "companyId", r.url_form AS "urlForm", p.gtin, b.batch_no AS "batchNo"
        FROM code c
        JOIN tag_rule r ON r.id = c.rule_id
        JOIN code_record j ON j.id = c.record_id
        LEFT JOIN product p ON p.id = j.product_id
        LEFT JOIN product_batch b ON b.id = j.batch_id
       WHERE c.code = ANY(${sql.val(texts.slice(i, i + 10_000))}::text[])`.execute(db);
    for (const r of rows) codes.set(r.code, { companyId: r.companyId, epc: canonical(codeUrl(epcBase, r.code, { urlForm: r.urlForm, gtin: r.gtin, batchNo: r.batchNo })) });
  }
  return named.filter((n) => {
    const code = n.code ? codes.get(n.code) : undefined;
    const isThatCode = code !== undefined && (code.epc === canonical(n.epc) || n.epc.startsWith(`${epcBase}/`));
    if (n.epc.startsWith(`${epcBase}/`)) return !isThatCode || code.companyId !== companyId;
    return isThatCode && code.companyId !== companyId;
  });
}

export interface CaptureResult {
  captureId: string;
  eventCount: number;
  stored: number;
  duplicates: number;
}

export async function captureDocument(db: Kysely<DB>, principal: Principal, companyId: string, epcBase: string, document: unknown, lang: Lang): Promise<CaptureResult> {
  const doc = (document && typeof document === 'object' && !Array.isArray(document) ? document : {}) as Json;
  const body = doc['epcisBody'] as Json | undefined;
  const list = body && typeof body === 'object' ? body['eventList'] : undefined;
  if (Array.isArray(list) && list.length > CAPTURE_EVENTS_MAX) {
    refuse([{ field: '/epcisBody/eventList', message: validationMessage('validation.tooBig', lang, { max: CAPTURE_EVENTS_MAX }) }]);
  }
  const problems = epcisSchemaProblems(document);
  if (problems.length > 0) {
    refuse(problems.map((p) => ({ field: p.path || '/', message: validationMessage('validation.epcisSchema', lang, { problem: p.message }) })));
  }
  if (doc['type'] !== 'EPCISDocument') refuse([{ field: '/type', message: validationMessage('validation.oneOf', lang, { values: 'EPCISDocument' }) }]);
  const context = doc['@context'];
  const events = (list as Json[]).map((event) => (typeof event['eventID'] === 'string' ? event : { ...event, eventID: eventHashId(event, context) }));
  const foreign = await foreignIdentifiers(db, companyId, epcBase, events);
  if (foreign.length > 0) refuse(foreign.map((f) => ({ field: f.path, message: validationMessage('validation.epcNotOwn', lang, { epc: f.epc }) })));

  return db.transaction().execute(async (tx) => {
    const capture = await tx
      .insertInto('epcis_capture')
      .values({ company_id: companyId, user_id: principal.userId, api_key_id: principal.apiKey?.id ?? null, event_count: events.length })
      .returning('id')
      .executeTakeFirstOrThrow();
    let stored = 0;
    for (let i = 0; i < events.length; i += 1000) {
      stored += await appendEvents(tx, { companyId, origin: 'CAPTURE', captureId: capture.id }, events.slice(i, i + 1000));
    }
    const duplicates = events.length - stored;
    if (duplicates > 0) await tx.updateTable('epcis_capture').set({ duplicates }).where('id', '=', capture.id).execute();
    return { captureId: String(capture.id), eventCount: events.length, stored, duplicates };
  });
}

/** A capture job of the company as the standard describes it (all jobs here finish before they are answered). */
export async function captureJob(db: Kysely<DB>, companyId: string, id: string) {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const row = await db
    .selectFrom('epcis_capture')
    .select(['id', 'event_count as eventCount', 'duplicates', 'created_at as createdAt', 'finished_at as finishedAt'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    captureID: String(row.id),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    running: false,
    success: true,
    captureErrorBehaviour: 'rollback',
    errors: [],
    eventCount: row.eventCount,
    duplicates: row.duplicates,
  };
}
