/**
 * How a typed code is read (prefix, alphabet, check character), loaded by the manual entry together with the
 * shapes of the codes in use (codeShapes.ts) rather than with the page: the scan page, where a shopper waits
 * for a verdict, never needs it, and the script budget counts every byte before the verdict.
 */
export { readTypedCode } from '@rd/contract/consumer';
