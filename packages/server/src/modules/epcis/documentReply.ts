import type { FastifyReply, FastifyRequest } from 'fastify';
import { setEpcisVersionHeaders } from './discoveryHeaders.js';
import { EPCIS_MEDIA_TYPES } from './document.js';

/** JSON-LD when the caller asks for it, else plain JSON: the same document either way. */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, document: object) {
  const wantsLd = (request.headers.accept ?? '').includes(EPCIS_MEDIA_TYPES.jsonLd);
  return setEpcisVersionHeaders(reply)
    .header('content-type', `${wantsLd ? EPCIS_MEDIA_TYPES.jsonLd : EPCIS_MEDIA_TYPES.json}; charset=utf-8`)
    .send(JSON.stringify(document));
}

