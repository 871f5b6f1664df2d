/** Types of hiddenDigits.mjs (plain JavaScript so the code-line workers load it anywhere). */

export const ONE_BLOCK_MAX: number;

export interface HiddenDigits {
  /** The message: bytes packed big-endian into words 0–13, zeros after them; cleared again by `digits`. */
  words: Int32Array;
  /** The hidden code of the `size` bytes in `words`, as a number below 10^length. */
  digits: (size: number) => number;
}

export function hiddenDigits(secret: Uint8Array, length: number): HiddenDigits;
