import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { lazyPackage } from '../../platform/lazyPackage.js';
import { SERVER_ROOT } from '../../platform/serverRoot.js';

/**
 * Validation of EPCIS 2.0 documents against GS1's own JSON schema (vendor/epcis, never fetched at run time).
 * The schema checks a document's shape and every event in it; what it cannot know (whose codes these are)
 * is checked after it. Ajv and the schema are loaded and compiled on the first document, not at start.
 */
export const EPCIS_SCHEMA_FILE = path.join(SERVER_ROOT, 'vendor', 'epcis', 'EPCIS-JSON-Schema.json');

const ajvPackage = lazyPackage<typeof import('ajv')>('ajv');
const formatsPackage = lazyPackage<typeof import('ajv-formats')>('ajv-formats');

/** At most this many problems are reported for one document: enough to fix it, never a flood. */
export const SCHEMA_PROBLEMS_MAX = 50;

export interface SchemaProblem {
  /** JSON Pointer into the document ('' for the document itself), e.g. /epcisBody/eventList/3/eventTime */
  path: string;
  message: string;
}

let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  const { Ajv } = ajvPackage();
  // allErrors: a partner fixes every problem of a document in one go. strict off: GS1's schema uses
  // keywords (if/then without else, unknown formats in extensions) Ajv's strict mode would refuse to compile.
  const ajv = new Ajv({ allErrors: true, strict: false });
  formatsPackage().default(ajv);
  compiled = ajv.compile(JSON.parse(fs.readFileSync(EPCIS_SCHEMA_FILE, 'utf8')) as object);
  return compiled;
}

/** A problem as a partner reads it: where in the document, and what is wrong there. */
function problemOf(error: ErrorObject): SchemaProblem {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? 'is not valid';
  if (error.keyword === 'additionalProperties') message = `has an unknown property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'required') message = `lacks the required property "${String(params.missingProperty)}"`;
  if (error.keyword === 'enum') message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return { path: error.instancePath, message };
}

const isBranch = (error: ErrorObject) => error.keyword === 'if' || error.keyword === 'allOf' || error.keyword === 'anyOf' || error.keyword === 'oneOf';

/**
 * Ajv's errors as problems a partner acts on, at most `max`. Ajv reports, besides the real problem, the
 * failing `if`/`allOf` branches that led to it: those add nothing and are left out, unless there is nothing
 * else (no alternative of an anyOf fits), when the first of them says where.
 */
function problemsOf(errors: readonly ErrorObject[], max: number): SchemaProblem[] {
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of errors) {
    if (isBranch(error)) continue;
    const problem = problemOf(error);
    const key = `${problem.path} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
    if (problems.length === max) break;
  }
  if (problems.length === 0 && errors[0]) problems.push(problemOf(errors[0]));
  return problems;
}

/** The document's problems by GS1's schema, none when it is valid. */
export function epcisSchemaProblems(document: unknown): SchemaProblem[] {
  const validate = validator();
  if (validate(document)) return [];
  return problemsOf(validate.errors ?? [], SCHEMA_PROBLEMS_MAX);
}

export interface DocumentProblems {
  /** Problems of the document as a whole: its type, header, body, the event list itself. */
  document: SchemaProblem[];
  /** The problems of each event that fails, by its index in epcisBody.eventList (at most SCHEMA_PROBLEMS_MAX each). */
  events: Map<number, SchemaProblem[]>;
}

const EVENT_PATH = /^\/epcisBody\/eventList\/(\d+)(?:\/|$)/;

/**
 * The document's problems by GS1's schema, told apart by where they are: in one event of the list (that
 * event can be left out) or in the document itself (nothing of it can be taken). In GS1's schema an
 * EPCISDocument's body holds the event list and nothing else, so an event's problems lie under its own
 * pointer; the failing branches above it (the document's `if`) are not problems of the document.
 */
export function epcisDocumentProblems(document: unknown): DocumentProblems {
  const validate = validator();
  if (validate(document)) return { document: [], events: new Map() };
  const errors = validate.errors ?? [];
  const byEvent = new Map<number, ErrorObject[]>();
  const own: ErrorObject[] = [];
  for (const error of errors) {
    const at = EVENT_PATH.exec(error.instancePath);
    if (!at) {
      if (!isBranch(error)) own.push(error);
      continue;
    }
    const index = Number(at[1]);
    const list = byEvent.get(index);
    if (list) list.push(error);
    else byEvent.set(index, [error]);
  }
  const events = new Map([...byEvent].sort(([a], [b]) => a - b).map(([index, list]) => [index, problemsOf(list, SCHEMA_PROBLEMS_MAX)]));
  // nothing to show for the failure but branches outside every event: the document's own, said as Ajv says it
  const documentProblems = own.length > 0 ? problemsOf(own, SCHEMA_PROBLEMS_MAX) : events.size === 0 ? problemsOf(errors, SCHEMA_PROBLEMS_MAX) : [];
  return { document: documentProblems, events };
}
