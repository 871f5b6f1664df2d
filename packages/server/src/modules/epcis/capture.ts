import { validationMessage, VALIDATION_MESSAGES, type FieldError, type Lang, type ValidationKey } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { codeUrl } from '../rule/codeMaker.js';
import { canonicalGs1Identifier } from './canonicalIdentifier.js';
import { headerChoice } from './discoveryHeaders.js';
import { epcisDocumentProblems } from './documentSchema.js';
import { eventHashId } from './eventHash.js';
import { appendEvents } from './eventStore.js';
import { documentMasterData, storeMasterData } from './masterData.js';

/**
 * Capture (POST /capture) of an EPCISDocument from a partner system: the document is checked against GS1's
 * schema, every identifier that names one of the portal's codes must be a code of the caller's company, and
 * then its events are stored, in one transaction, under that company, with the capture job that tells
 * what became of them. Events without an eventID get their CBV event hash; an event the company has already
 * is not stored twice. What happens to a document with a failing event is the sender's choice (the
 * binding's GS1-Capture-Error-Behaviour): `rollback` (the default) refuses it whole, `proceed` stores the
 * events that pass and lists the others in the job. A document that fails as a whole (not an
 * EPCISDocument, a bad header or body, too many events) is refused either way.
 */

export const CAPTURE_EVENTS_MAX = 10_000;
/** Refusals listed for one document at most. */
const REFUSALS_MAX = 50;
/** Problems a job keeps of one refused event, and of all of them: enough to fix them, never a flood. */
const JOB_ERRORS_PER_EVENT = 10;
const JOB_ERRORS_MAX = 1_000;

export const CAPTURE_ERROR_BEHAVIOURS = ['rollback', 'proceed'] as const;
export type CaptureErrorBehaviour = (typeof CAPTURE_ERROR_BEHAVIOURS)[number];
export const CAPTURE_ERROR_BEHAVIOUR_HEADER = 'GS1-Capture-Error-Behaviour';

/** The behaviour a capture request asks for: `rollback` without the header; any other value is refused. */
export function captureErrorBehaviour(header: string | string[] | undefined): CaptureErrorBehaviour {
  return headerChoice(header, CAPTURE_ERROR_BEHAVIOUR_HEADER, CAPTURE_ERROR_BEHAVIOURS) ?? 'rollback';
}

/**
 * A problem of the document or of one event, kept by its message key so that the job reads in the language it
 * is asked in: where it is (a JSON pointer, or an XML document's element path) and, in an XML document, the
 * line.
 */
export interface CaptureProblem {
  pointer: string;
  key: ValidationKey;
  params: Record<string, string | number>;
  line?: number;
}

/** What a capture of a document sent in another syntax than JSON brings along (the XML binding, xmlCapture.ts). */
export interface CaptureOptions {
  /**
   * The document's problems by its own binding's schema (GS1's XSD for XML), by event index as in
   * epcisBody.eventList, instead of GS1's JSON schema: the document converted from it is not checked again.
   */
  problems?: { document: CaptureProblem[]; events: Map<number, CaptureProblem[]> };
  /** Where a JSON pointer of the converted document is in the document as sent (an element path and its line). */
  locate?: (pointer: string) => { pointer: string; line?: number };
}

type Json = Record<string, unknown>;

const EPC_LIST_FIELDS = ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'] as const;

function refuse(errors: FieldError[]): never {
  throw new AppError('PARAM_CHECK', undefined, errors.slice(0, REFUSALS_MAX));
}

/** A problem's message in `lang`: with its line first where the document has lines (XML). */
function problemMessage(problem: Pick<CaptureProblem, 'key' | 'params' | 'line'>, lang: Lang): string {
  const key = (Object.hasOwn(VALIDATION_MESSAGES, problem.key) ? problem.key : 'validation.invalid') as ValidationKey;
  const message = validationMessage(key, lang, problem.params);
  return problem.line ? validationMessage('validation.epcisXmlLine', lang, { line: problem.line, problem: message }) : message;
}

const fieldError = (problem: CaptureProblem, lang: Lang): FieldError => ({ field: problem.pointer, message: problemMessage(problem, lang) });

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
async function foreignIdentifiers(
  db: Kysely<DB>,
  companyId: string,
  epcBase: string,
  events: ReadonlyArray<{ index: number; event: Json }>,
): Promise<Array<{ index: number; path: string; epc: string }>> {
  const named: Array<{ index: number; path: string; epc: string; code: string | null }> = [];
  events.forEach(({ index, event }) => {
    const at = `/epcisBody/eventList/${index}`;
    if (typeof event['parentID'] === 'string') named.push({ index, path: `${at}/parentID`, epc: event['parentID'], code: candidateCode(event['parentID'], epcBase) });
    for (const field of EPC_LIST_FIELDS) {
      const epcs = event[field];
      if (!Array.isArray(epcs)) continue;
      epcs.forEach((epc, i) => {
        if (typeof epc === 'string') named.push({ index, path: `${at}/${field}/${i}`, epc, code: candidateCode(epc, epcBase) });
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
  /** Events refused and not stored (only with `proceed`; with `rollback` a failing event refuses the document). */
  failed: number;
  success: boolean;
}

export async function captureDocument(
  db: Kysely<DB>,
  principal: Principal,
  companyId: string,
  epcBase: string,
  document: unknown,
  lang: Lang,
  behaviour: CaptureErrorBehaviour = 'rollback',
  options: CaptureOptions = {},
): Promise<CaptureResult> {
  const doc = (document && typeof document === 'object' && !Array.isArray(document) ? document : {}) as Json;
  const body = doc['epcisBody'] as Json | undefined;
  const list = body && typeof body === 'object' ? body['eventList'] : undefined;
  if (Array.isArray(list) && list.length > CAPTURE_EVENTS_MAX) {
    throw new AppError('EPCIS_CAPTURE_LIMIT', { max: CAPTURE_EVENTS_MAX, count: list.length }, [
      { field: '/epcisBody/eventList', message: validationMessage('validation.tooBig', lang, { max: CAPTURE_EVENTS_MAX }) },
    ]);
  }
  const problems = options.problems ?? jsonSchemaProblems(document);
  if (problems.document.length > 0 || (behaviour === 'rollback' && problems.events.size > 0)) {
    refuse([...problems.document, ...[...problems.events.values()].flat()].map((p) => fieldError(p, lang)));
  }
  if (doc['type'] !== 'EPCISDocument') refuse([{ field: '/type', message: validationMessage('validation.oneOf', lang, { values: 'EPCISDocument' }) }]);

  // GS1's schemas hold a valid EPCISDocument's eventList to an array of event objects
  const events = list as Json[];
  const failed = new Map<number, CaptureProblem[]>(problems.events);
  const context = doc['@context'];
  const passing = events.flatMap((event, index) =>
    failed.has(index) ? [] : [{ index, event: typeof event['eventID'] === 'string' ? event : { ...event, eventID: eventHashId(event, context) } }],
  );
  const foreign = await foreignIdentifiers(db, companyId, epcBase, passing);
  const foreignProblem = (f: { path: string; epc: string }): CaptureProblem => ({ ...(options.locate?.(f.path) ?? { pointer: f.path }), key: 'validation.epcNotOwn', params: { epc: f.epc } });
  if (foreign.length > 0 && behaviour === 'rollback') refuse(foreign.map((f) => fieldError(foreignProblem(f), lang)));
  for (const f of foreign) {
    const problem = foreignProblem(f);
    const known = failed.get(f.index);
    if (known) known.push(problem);
    else failed.set(f.index, [problem]);
  }
  const taken = passing.filter(({ index }) => !failed.has(index)).map(({ event }) => event);
  const errors = [...failed.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, list]) => list.slice(0, JOB_ERRORS_PER_EVENT))
    .slice(0, JOB_ERRORS_MAX);

  return db.transaction().execute(async (tx) => {
    const capture = await tx
      .insertInto('epcis_capture')
      .values({
        company_id: companyId,
        user_id: principal.userId,
        api_key_id: principal.apiKey?.id ?? null,
        event_count: events.length,
        error_behaviour: behaviour,
        success: failed.size === 0,
        failed: failed.size,
        errors: JSON.stringify(errors),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let stored = 0;
    for (let i = 0; i < taken.length; i += 1000) {
      stored += await appendEvents(tx, { companyId, origin: 'CAPTURE', captureId: capture.id, context: doc['@context'] }, taken.slice(i, i + 1000));
    }
    await storeMasterData(tx, companyId, documentMasterData(document));
    const duplicates = taken.length - stored;
    if (duplicates > 0) await tx.updateTable('epcis_capture').set({ duplicates }).where('id', '=', capture.id).execute();
    return { captureId: String(capture.id), eventCount: events.length, stored, duplicates, failed: failed.size, success: failed.size === 0 };
  });
}

/**
 * An RFC 7807 problem of the job's `errors` (the binding's CaptureJob), with the JSON pointer of what failed
 * (an XML document's element path, its line at the start of the detail).
 */
function jobError(error: { pointer: string; key: string; params?: Record<string, string | number>; line?: number }, lang: Lang) {
  return {
    type: 'epcisException:ValidationException',
    title: validationMessage('validation.epcisEventNotCaptured', lang),
    status: 400,
    detail: problemMessage({ key: error.key as ValidationKey, params: error.params ?? {}, line: error.line }, lang),
    pointer: error.pointer,
  };
}

/** GS1's JSON schema's problems of a JSON document, as capture problems. */
function jsonSchemaProblems(document: unknown): { document: CaptureProblem[]; events: Map<number, CaptureProblem[]> } {
  const found = epcisDocumentProblems(document);
  const problem = (p: { path: string; message: string }, at: string): CaptureProblem => ({ pointer: p.path || at, key: 'validation.epcisSchema', params: { problem: p.message } });
  return {
    document: found.document.map((p) => problem(p, '/')),
    events: new Map([...found.events].map(([index, list]) => [index, list.map((p) => problem(p, `/epcisBody/eventList/${index}`))])),
  };
}

const JOB_COLUMNS = [
  'id',
  'event_count as eventCount',
  'duplicates',
  'failed',
  'success',
  'error_behaviour as errorBehaviour',
  'errors',
  'created_at as createdAt',
  'finished_at as finishedAt',
] as const;

type JobRow = {
  id: string;
  eventCount: number;
  duplicates: number;
  failed: number;
  success: boolean;
  errorBehaviour: CaptureErrorBehaviour;
  errors: Array<{ pointer: string; key: string; params?: Record<string, string | number>; line?: number }>;
  createdAt: Date;
  finishedAt: Date;
};

/**
 * A capture job as the binding's CaptureJob says it (captureID, createdAt, finishedAt, running, success,
 * captureErrorBehaviour, errors), with the counts of the document's events: all of them, those stored, those
 * the company had already, those refused. Every job here has finished before it is answered.
 */
function jobJson(row: JobRow, lang: Lang) {
  return {
    captureID: String(row.id),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    running: false,
    success: row.success,
    captureErrorBehaviour: row.errorBehaviour,
    errors: row.errors.map((e) => jobError(e, lang)),
    eventCount: row.eventCount,
    stored: row.eventCount - row.duplicates - row.failed,
    duplicates: row.duplicates,
    failed: row.failed,
  };
}

export type CaptureJob = ReturnType<typeof jobJson>;

/** A capture job of the company, or undefined. */
export async function captureJob(db: Kysely<DB>, companyId: string, id: string, lang: Lang): Promise<CaptureJob | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const row = await db.selectFrom('epcis_capture').select(JOB_COLUMNS).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return row && jobJson(row, lang);
}

export const JOBS_PER_PAGE_DEFAULT = 30;
export const JOBS_PER_PAGE_MAX = 100;

export function jobPageToken(lastId: string): string {
  return Buffer.from(`c${lastId}`).toString('base64url');
}

/** The job id a page token continues after, or null when it is not one of ours. */
export function jobAfter(token: string): string | null {
  const text = Buffer.from(token, 'base64url').toString();
  return /^c\d{1,18}$/.test(text) ? text.slice(1) : null;
}

/** The company's capture jobs, newest first, a page at a time after the job a page token names. */
export async function captureJobs(db: Kysely<DB>, companyId: string, page: { perPage: number; after: string | null }, lang: Lang) {
  let q = db.selectFrom('epcis_capture').select(JOB_COLUMNS).where('company_id', '=', companyId);
  if (page.after !== null) q = q.where('id', '<', page.after);
  const rows = await q.orderBy('id', 'desc').limit(page.perPage + 1).execute();
  const shown = rows.slice(0, page.perPage);
  return { jobs: shown.map((row) => jobJson(row, lang)), next: rows.length > page.perPage ? jobPageToken(shown[shown.length - 1]!.id) : null };
}
