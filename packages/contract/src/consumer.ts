/**
 * What the consumer pages of the web app import as values: constants and pure rules only, none of the
 * request schemas, so the consumer entry carries no schema library (its byte budget is checked by a test).
 * Types may still come from the package root: type imports leave nothing in the bundle.
 */
export { LANG_HEADER, TOKEN_HEADER } from './lang.js';
export { SUCCESS_CODES } from './codes.js';
export * from './scan/scanPage.js';
export * from './scan/codeFromScan.js';
export * from './scan/consumerPages.js';
export { readTypedCode, type CodeShape, type TypedCodeReading } from './tag/typedCode.js';
