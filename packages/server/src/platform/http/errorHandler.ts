import { catalogueMessage, sessionEndMessage, type Envelope, type FieldError, type ResultCode } from '@rd/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE } from '@rd/contract';
import { SessionEnded } from '../auth/sessionEnd.js';
import { AppError } from './appError.js';
import { fieldErrorsOf, personDetail } from './fieldErrors.js';
import { requestLang } from './lang.js';
import { isServiceOutage } from './serviceOutage.js';

/** Seconds a client is told to wait before trying again while a service the server needs is away. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Sends a failure envelope with the catalogue's HTTP status and translated message. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ResultCode,
  options: { params?: Record<string, string | number>; errors?: FieldError[]; msg?: string; data?: unknown } = {},
) {
  const lang = requestLang(request);
  request.resultCode = code;
  const body: Envelope<unknown> = {
    code,
    msg: options.msg ?? catalogueMessage(code, lang, options.params),
    data: options.data ?? null,
    requestId: request.id,
  };
  if (options.errors) body.errors = options.errors;
  return reply.status(ERROR_CATALOGUE[code].status).send(body);
}

/** Every thrown error ends here and leaves as an envelope; internals are logged, never sent. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof SessionEnded) {
      return sendError(request, reply, error.code, { msg: sessionEndMessage(error.end, lang), data: error.end });
    }
    if (error instanceof AppError) {
      return sendError(request, reply, error.code, { params: error.params, errors: error.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? '';
      // The type provider flattens each zod issue into { keyword, instancePath, message, params }.
      const issues = error.validation.map(
        (v) =>
          ({
            ...v.params,
            code: v.keyword,
            message: v.message,
            path: v.instancePath.split('/').filter(Boolean),
          }) as unknown as Parameters<typeof fieldErrorsOf>[0][number],
      );
      const errors = fieldErrorsOf(issues, lang, part === 'body' || part === 'querystring' ? '' : part);
      return sendError(request, reply, 'PARAM_CHECK', {
        errors,
        msg: `${catalogueMessage('PARAM_CHECK', lang)}: ${personDetail(errors)}`,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
    }
    if (error.statusCode === 429) return sendError(request, reply, 'RATE_LIMITED');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's input is at fault.
      request.log.info({ err: error }, 'bad request');
      return sendError(request, reply, 'PARAM_CHECK', {
        errors: [{ field: '(body)', message: error.message }],
      });
    }
    if (isServiceOutage(error)) {
      request.log.warn({ err: error }, 'a service the request needs is unreachable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, '500');
  });
}
