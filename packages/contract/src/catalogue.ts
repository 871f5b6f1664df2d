import { formatMessage, PORTAL_ERROR_CATALOGUE } from './codes.js';
import { EPCIS_ERROR_CATALOGUE } from './epcisCodes.js';
import { REGISTER_ERROR_CATALOGUE } from './registerCodes.js';
import type { Lang } from './lang.js';

/** Every code the server answers with: the portal's, registration's and the EPCIS interface's. */
export const ERROR_CATALOGUE = { ...PORTAL_ERROR_CATALOGUE, ...REGISTER_ERROR_CATALOGUE, ...EPCIS_ERROR_CATALOGUE };

export type ResultCode = keyof typeof ERROR_CATALOGUE;

export function catalogueMessage(code: ResultCode, lang: Lang, params?: Record<string, string | number>): string {
  return formatMessage(ERROR_CATALOGUE[code][lang], params);
}
