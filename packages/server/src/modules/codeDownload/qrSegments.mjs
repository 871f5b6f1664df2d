// How a label's URL is split into QR encoding segments. The qrcode package finds the shortest split of any
// text with a shortest-path search over every character, a sixth of the time of drawing a code. A label's
// URL has one shape: a lower-case address, then the code (and GS1 keys) in capitals and digits. So: the
// address in byte mode, the tail in alphanumeric mode (5.5 bits a character instead of 8), and a long run
// of digits at the end in numeric mode (3.3 bits). Plain JavaScript: the QR worker loads it.

/** The characters of the alphanumeric mode (ISO/IEC 18004 §7.4.4). */
const ALPHANUMERIC_TAIL = /[0-9A-Z $%*+\-./:]*$/;
/**
 * Digits worth a numeric segment (3.3 bits each instead of 5.5): its header and the switch back cost 27
 * bits, paid by 13 digits (ISO/IEC 18004 Annex J, versions 1-9); at the end there is no switch back, 7 do.
 */
const DIGIT_RUNS = /([0-9]{13,}|[0-9]{7,}$)/;
/** Shorter tails are left to the package. */
const TAIL_MIN = 12;
/** A shorter capital part before the first digit run joins the address rather than open a segment. */
const ALPHANUMERIC_MIN = 7;

/** Segments for QRCode.create, or the text itself when it has no such tail. */
export function urlSegments(url) {
  const tail = ALPHANUMERIC_TAIL.exec(url)[0];
  if (tail.length < TAIL_MIN) return url;
  let head = url.slice(0, url.length - tail.length);
  const segments = [];
  // split() with a capturing group: capitals, digits, capitals, digits ... capitals (some may be empty).
  tail.split(DIGIT_RUNS).forEach((piece, i) => {
    if (i % 2 === 1) segments.push({ data: piece, mode: 'numeric' });
    else if (i === 0 && piece.length < ALPHANUMERIC_MIN && tail.length > piece.length) head += piece;
    else if (piece) segments.push({ data: piece, mode: /^[0-9]+$/.test(piece) ? 'numeric' : 'alphanumeric' });
  });
  return head ? [{ data: head, mode: 'byte' }, ...segments] : segments;
}
