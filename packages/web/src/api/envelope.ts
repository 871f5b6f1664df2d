import type { Envelope } from '@rd/contract';

/** Whether an answer body is the API's envelope `{ code, msg, data }` (spec 7). */
export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    (typeof body.code === 'string' || typeof body.code === 'number')
  );
}
