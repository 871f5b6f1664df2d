// Validates EPCIS 2.0 XML documents against GS1's XSD (vendor/epcis/xsd) off the main thread (see
// xsdValidation.ts), with libxml2 compiled to WebAssembly (libxml2-wasm). Plain JavaScript so that it loads
// the same way under tsx, the test runner and plain node.
//
// Nothing here reads anything but the vendored XSD files: documents are parsed without loading external
// DTDs or substituting entities (libxml2's defaults), and the only input provider registered serves those
// files by their exact path, so a document naming another file or address gets nothing. The caller refuses
// DOCTYPE internal subsets before a document comes here (xmlSafety.ts): this is the second fence.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { ParseOption, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

const XSD_DIR = workerData.xsdDir;
const SCHEMAS = { document: 'EPCglobal-epcis-2_0.xsd', query: 'EPCglobal-epcis-query-2_0.xsd' };
/** Problems reported for one document at most: enough to fix it, never a flood. */
const PROBLEMS_MAX = 50;
/**
 * No network, no external entities (XXE) even where a DTD asks for them, line numbers past 65,535 (a
 * 10,000-event document has more lines than that), text nodes kept compact.
 */
const PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_BIG_LINES | ParseOption.XML_PARSE_COMPACT;

const files = new Map(
  fs
    .readdirSync(XSD_DIR)
    .filter((name) => name.endsWith('.xsd'))
    .map((name) => [path.join(XSD_DIR, name), fs.readFileSync(path.join(XSD_DIR, name))]),
);
const fileOf = (name) => files.get(name.startsWith('file://') ? new URL(name).pathname : name);

const open = new Map();
let nextHandle = 1;
xmlRegisterInputProvider({
  match: (name) => fileOf(name) !== undefined,
  open(name) {
    const bytes = fileOf(name);
    if (!bytes) return undefined;
    const handle = nextHandle++;
    open.set(handle, { bytes, at: 0 });
    return handle;
  },
  read(handle, into) {
    const file = open.get(handle);
    if (!file) return -1;
    const n = Math.min(into.length, file.bytes.length - file.at);
    into.set(file.bytes.subarray(file.at, file.at + n));
    file.at += n;
    return n;
  },
  close: (handle) => open.delete(handle),
});

const validators = new Map();
function validator(kind) {
  let compiled = validators.get(kind);
  if (!compiled) {
    const file = path.join(XSD_DIR, SCHEMAS[kind]);
    const schema = XmlDocument.fromBuffer(fileOf(file), { url: file });
    compiled = XsdValidator.fromDoc(schema);
    schema.dispose();
    validators.set(kind, compiled);
  }
  return compiled;
}

/** libxml2's own words, one line, with where it found the problem. */
function problemsOf(error) {
  const details = Array.isArray(error?.details) && error.details.length > 0 ? error.details : [{ message: String(error?.message ?? error) }];
  return details.slice(0, PROBLEMS_MAX).map((d) => ({
    line: typeof d.line === 'number' && d.line > 0 ? d.line : null,
    path: typeof d.xpath === 'string' && d.xpath ? d.xpath : null,
    message: String(d.message ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

parentPort.on('message', ({ id, kind, bytes }) => {
  let doc;
  try {
    const check = validator(kind);
    try {
      doc = XmlDocument.fromBuffer(bytes, { option: PARSE_OPTIONS });
    } catch (error) {
      parentPort.postMessage({ id, wellFormed: false, problems: problemsOf(error) });
      return;
    }
    try {
      check.validate(doc);
      parentPort.postMessage({ id, wellFormed: true, problems: [] });
    } catch (error) {
      parentPort.postMessage({ id, wellFormed: true, problems: problemsOf(error) });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  } finally {
    doc?.dispose();
  }
});
