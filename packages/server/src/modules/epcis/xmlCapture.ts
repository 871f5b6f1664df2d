import { validationMessage, type Lang } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { CAPTURE_EVENTS_MAX, captureDocument, type CaptureErrorBehaviour, type CaptureProblem, type CaptureResult } from './capture.js';
import { xmlPrologProblem } from './xmlSafety.js';
import { readXmlCaptureDocument, XmlNotWellFormed, type XmlCaptureDocument } from './xmlToJson.js';
import { validateXsd, type XsdProblem } from './xsdValidation.js';

/**
 * Capture of an EPCIS 2.0 document in the XML binding (POST /capture with application/xml or text/xml). In
 * this order, each step refusing before the next runs:
 * 1. it must be UTF-8 and declare no entities (xmlSafety.ts): XML bombs and external entities (XXE) are
 *    refused before any parser reads the document, and nothing is ever expanded;
 * 2. it is read into the JSON binding's document (xmlToJson.ts), which refuses XML that is not well-formed and
 *    counts the events: more than the capture limit answers 413 as for JSON;
 * 3. it is validated against GS1's XSD (xsdValidation.ts, in a worker thread, started before step 2 so that
 *    both run at once; a refusal of step 2 comes first): problems name the element's path
 *    and line, each within an event making that event fail (GS1-Capture-Error-Behaviour decides what becomes of
 *    the others, as for JSON), the others the document;
 * 4. the converted document goes through the capture of JSON documents (capture.ts) with those problems in
 *    place of the JSON schema's: the same identifiers rule, error behaviours, event hash, job and storage.
 */

function refuse(lang: Lang, problems: CaptureProblem[]): never {
  throw new AppError(
    'PARAM_CHECK',
    undefined,
    problems.slice(0, 50).map((p) => {
      const message = validationMessage(p.key, lang, p.params);
      return { field: p.pointer, message: p.line ? validationMessage('validation.epcisXmlLine', lang, { line: p.line, problem: message }) : message };
    }),
  );
}

/** The index of the event an XSD problem is in (by the element path libxml2 gives), or undefined. */
function eventOf(problem: XsdProblem, eventPaths: ReadonlyMap<string, number>): number | undefined {
  if (!problem.path) return undefined;
  const at = /^(\/[^/]+\/EPCISBody\/EventList\/[^/[]+\[\d+\])/.exec(problem.path);
  if (at) return eventPaths.get(at[1]!);
  // libxml2 leaves the position out where the element is its parent's only one of that name
  const only = /^(\/[^/]+\/EPCISBody\/EventList\/[^/[]+)(?:\/|$)/.exec(problem.path);
  return only ? eventPaths.get(`${only[1]!}[1]`) : undefined;
}

function xsdProblems(problems: XsdProblem[], read: XmlCaptureDocument) {
  const eventPaths = new Map(read.eventPaths.map((path, index) => [path, index]));
  const document: CaptureProblem[] = [];
  const events = new Map<number, CaptureProblem[]>();
  for (const p of problems) {
    const problem: CaptureProblem = { pointer: p.path ?? '/', key: 'validation.epcisXsd', params: { problem: p.message }, ...(p.line ? { line: p.line } : {}) };
    const index = eventOf(p, eventPaths);
    if (index === undefined) document.push(problem);
    else events.set(index, [...(events.get(index) ?? []), problem]);
  }
  return { document, events };
}

export async function captureXmlDocument(
  db: Kysely<DB>,
  principal: Principal,
  companyId: string,
  epcBase: string,
  body: Buffer,
  lang: Lang,
  behaviour: CaptureErrorBehaviour,
): Promise<CaptureResult> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    refuse(lang, [{ pointer: '/', key: 'validation.xmlEncoding', params: { encoding: 'not UTF-8' } }]);
  }
  const prolog = xmlPrologProblem(text);
  if (prolog?.kind === 'doctype') refuse(lang, [{ pointer: '/', key: 'validation.xmlDoctype', params: {}, line: prolog.line }]);
  if (prolog?.kind === 'encoding') refuse(lang, [{ pointer: '/', key: 'validation.xmlEncoding', params: { encoding: prolog.encoding }, line: prolog.line }]);
  if (prolog?.kind === 'malformed') refuse(lang, [{ pointer: '/', key: 'validation.xmlMalformed', params: { column: 0, problem: prolog.problem }, line: prolog.line }]);

  // the XSD in its worker while the document is read here: on two cores the two take the time of one
  const validating = validateXsd(body, 'document');
  // a refusal below leaves the validation to finish unread
  validating.catch(() => undefined);
  let read: XmlCaptureDocument;
  try {
    read = readXmlCaptureDocument(text, CAPTURE_EVENTS_MAX);
  } catch (error) {
    if (!(error instanceof XmlNotWellFormed)) throw error;
    refuse(lang, [{ pointer: '/', key: 'validation.xmlMalformed', params: { column: error.column, problem: error.problem }, line: error.line }]);
  }
  if (read.eventCount > CAPTURE_EVENTS_MAX) {
    throw new AppError('EPCIS_CAPTURE_LIMIT', { max: CAPTURE_EVENTS_MAX, count: read.eventCount }, [
      { field: `${read.rootPath}/EPCISBody/EventList`, message: validationMessage('validation.tooBig', lang, { max: CAPTURE_EVENTS_MAX }) },
    ]);
  }

  const verdict = await validating;
  if (!verdict.wellFormed) {
    refuse(
      lang,
      verdict.problems.map((p) => ({ pointer: p.path ?? '/', key: 'validation.xmlMalformed', params: { column: 0, problem: p.message }, ...(p.line ? { line: p.line } : {}) })),
    );
  }
  const own = read.problems.map((p): CaptureProblem =>
    p.kind === 'root'
      ? { pointer: `/${p.root}`, key: 'validation.epcisXmlRoot', params: { root: p.root }, line: p.line }
      : { pointer: p.path, key: 'validation.epcisXmlEventType', params: { name: p.name }, line: p.line },
  );
  // another root than EPCISDocument (a capture job, a master data document) is not a capture, valid or not
  if (own.some((p) => p.key === 'validation.epcisXmlRoot')) refuse(lang, own);
  const problems = xsdProblems(verdict.problems, read);
  problems.document.unshift(...own);

  return captureDocument(db, principal, companyId, epcBase, read.document, lang, behaviour, {
    problems,
    locate: (pointer) => {
      const at = read.locate(pointer);
      return at ? { pointer: at.path, ...(at.line ? { line: at.line } : {}) } : { pointer };
    },
  });
}
