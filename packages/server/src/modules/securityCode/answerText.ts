import { randomBytes } from 'node:crypto';
import type { AnswerParts } from './answerParts.js';
import { partsShown, verdictAnswer, type CheckedCode } from './checkCode.js';
import { batchAnswer, companyAnswer, growerAnswer, productAnswer } from './publicAnswer.js';

/**
 * The public check's answer written as JSON text. Its product, batch, grower and company are the same
 * for every code of a batch but for the scanned code inside each picture's URL; so they are written
 * once per answer-parts entry (answerParts.ts keeps the entry) with a gap where a code goes, and a
 * check only fills in the gaps. The busiest call of the server then builds and serialises only the
 * verdict. The text is what answerOf's object serialises to, in the same envelope.
 */

/**
 * Stands for the scanned code while the parts are written: random, so no text of the parts contains it,
 * and letters and digits only, so it reaches the JSON text unchanged. The parts hold the code only in
 * picture URLs (scanImagePath), URL-encoded; the gaps are filled the same way.
 */
const CODE_MARK = `CODE${randomBytes(12).toString('hex')}`;

interface PartsText {
  /** `"product":…,"batch":…,"grower":…,"company":…` split at each code gap, UTF-8 encoded. */
  all: Buffer[];
  /** The same with only the company told. */
  company: Buffer[];
}

const written = new WeakMap<AnswerParts, PartsText>();

function partsText(parts: AnswerParts): PartsText {
  let text = written.get(parts);
  if (!text) {
    const company = companyAnswer(CODE_MARK, parts.company);
    const fields = (shown: object) =>
      JSON.stringify(shown)
        .slice(1, -1)
        .split(CODE_MARK)
        .map((piece) => Buffer.from(piece));
    text = {
      all: fields({
        product: parts.product ? productAnswer(CODE_MARK, parts.product) : null,
        batch: parts.batch ? batchAnswer(CODE_MARK, parts.batch) : null,
        grower: parts.grower ? growerAnswer(CODE_MARK, parts.grower) : null,
        company,
      }),
      company: fields({ product: null, batch: null, grower: null, company }),
    };
    written.set(parts, text);
  }
  return text;
}

const NOTHING_SHOWN = [Buffer.from('"product":null,"batch":null,"grower":null,"company":null')];
const CLOSING = Buffer.from('}}');

/**
 * The success envelope `{ code, msg, data }` of a check, as UTF-8 bytes: the parts are kept encoded, so a
 * check encodes only its verdict (the parts' Chinese text would make every answer a two-byte string to
 * flatten and encode again).
 */
export function answerText(checked: CheckedCode, msg: string): Buffer {
  const head = JSON.stringify({ code: 'SUCCESS', msg, data: verdictAnswer(checked) });
  const shown = partsShown(checked.row);
  const pieces = shown === 'NONE' ? NOTHING_SHOWN : partsText(checked.parts)[shown === 'ALL' ? 'all' : 'company'];
  const gap = Buffer.from(encodeURIComponent(checked.code));
  // head ends with the verdict's "}" and the envelope's "}": the parts go inside the verdict
  const out: Buffer[] = [Buffer.from(`${head.slice(0, -2)},`)];
  pieces.forEach((piece, i) => {
    if (i > 0) out.push(gap);
    out.push(piece);
  });
  out.push(CLOSING);
  return Buffer.concat(out);
}
