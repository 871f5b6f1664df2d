import type { Envelope } from '@rd/contract';
import { SUCCESS_CODES } from '@rd/contract/consumer';

/** Whether an answer body is the API's envelope `{ code, msg, data }` (spec 7). */
export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    (typeof body.code === 'string' || typeof body.code === 'number')
  );
}

/** An envelope carrying an answer's data: a success code, and not a refusal of the input (PARAM_CHECK). */
export function isAnswered(body: unknown): body is Envelope {
  if (!isEnvelope(body)) return false;
  const code = String(body.code);
  return code !== 'PARAM_CHECK' && SUCCESS_CODES.includes(code);
}
