import { catalogueMessage, type Envelope } from '@rd/contract';
import type { FastifyRequest } from 'fastify';
import { requestLang } from './lang.js';

/** The success envelope; handlers return `ok(request, data)`. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 'SUCCESS', msg: catalogueMessage('SUCCESS', requestLang(request)), data };
}
