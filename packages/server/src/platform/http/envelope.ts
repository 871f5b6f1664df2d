import { catalogueMessage, type Envelope } from '@rd/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from './lang.js';

/** The success envelope; handlers return `ok(request, data)`. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 'SUCCESS', msg: successMessage(request), data };
}

/** The success envelope's message, in the request's language. */
export const successMessage = (request: FastifyRequest) => catalogueMessage('SUCCESS', requestLang(request));

/** Sends an envelope already written as JSON: a hot route may write its own (securityCode/answerText.ts). */
export function sendEnvelopeText(reply: FastifyReply, text: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
