// Writes the CSV or TXT lines of a batch of codes off the main thread (see codeLines.ts): the code, its URL and
// its hidden code, straight from the bytes the database sent to the bytes of the file, with no strings between.
// Only codes of letters and digits are written here, whose cells need no quoting, neutralising or URL encoding;
// a batch with any other code is answered `null` and written by the main thread, the one reference for
// everything else. Plain JavaScript so that it loads the same way under tsx, the test runner and plain node.
import { parentPort } from 'node:worker_threads';
import { hiddenDigits, ONE_BLOCK_MAX } from './hiddenDigits.mjs';

const NEWLINE = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;

/** Bytes a plain code is made of: ASCII letters and digits (a backslash, COPY's escape, is not one of them). */
const PLAIN = new Uint8Array(256);
for (const [from, to] of [['0', '9'], ['A', 'Z'], ['a', 'z']]) PLAIN.fill(1, from.charCodeAt(0), to.charCodeAt(0) + 1);

/**
 * `text`: codes one a line, each ended by "\n" (COPY's text format). Each line becomes
 * code SEP urlHead code [SEP hidden] CRLF, or the whole batch `null` when a code is not plain.
 */
function codeLines({ text, separator, urlHead, secret, hiddenLength }) {
  const withHidden = secret !== null;
  let lines = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (byte === NEWLINE) {
      if (withHidden && i - start > ONE_BLOCK_MAX) return null;
      lines++;
      start = i + 1;
    } else if (PLAIN[byte] === 0) return null;
  }
  if (start !== text.length) return null;

  const codeBytes = text.length - lines;
  const headLength = urlHead.length;
  const out = new Uint8Array(2 * codeBytes + lines * (1 + headLength + (withHidden ? 1 + hiddenLength : 0) + 2));
  const hidden = withHidden ? hiddenDigits(secret, hiddenLength) : null;
  const words = hidden ? hidden.words : null;
  // Byte by byte: a call per code (set, copyWithin, indexOf) costs more than the few bytes it moves.
  let o = 0;
  let size = 0;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (byte !== NEWLINE) {
      out[o++] = byte;
      if (words) words[size >> 2] |= byte << (24 - 8 * (size & 3));
      size++;
      continue;
    }
    // The code is the `size` bytes before `o`: its URL is the head and the code again.
    const code = o - size;
    out[o++] = separator;
    for (let k = 0; k < headLength; k++) out[o++] = urlHead[k];
    for (let k = 0; k < size; k++) out[o++] = out[code + k];
    if (hidden) {
      out[o++] = separator;
      let value = hidden.digits(size);
      for (let d = o + hiddenLength - 1; d >= o; d--) {
        out[d] = ZERO + (value % 10);
        value = Math.floor(value / 10);
      }
      o += hiddenLength;
    }
    out[o++] = CR;
    out[o++] = NEWLINE;
    size = 0;
  }
  return out;
}

parentPort.on('message', ({ id, ...batch }) => {
  try {
    const result = codeLines(batch);
    parentPort.postMessage({ id, result }, result ? [result.buffer] : []);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
