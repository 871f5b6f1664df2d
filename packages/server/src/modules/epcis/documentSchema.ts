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

/**
 * The document's problems by GS1's schema, none when it is valid. Ajv reports, besides the real problem, the
 * failing `if`/`allOf` branches that led to it: those add nothing a partner can act on and are left out.
 */
export function epcisSchemaProblems(document: unknown): SchemaProblem[] {
  const validate = validator();
  if (validate(document)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'if' || error.keyword === 'allOf' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const problem = problemOf(error);
    const key = `${problem.path} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
    if (problems.length === SCHEMA_PROBLEMS_MAX) break;
  }
  // only branch failures (no alternative of an anyOf fits): the first of them says where
  if (problems.length === 0 && validate.errors?.[0]) problems.push(problemOf(validate.errors[0]));
  return problems;
}
