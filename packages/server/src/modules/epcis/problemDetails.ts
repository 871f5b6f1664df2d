import type { ResultCode } from '@rd/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Refusals of the EPCIS interface as the REST binding writes them: an RFC 7807 problem
 * (`application/problem+json`) whose `type` names the standard's exception (epcisException:…), with the
 * portal's envelope fields kept beside it (code, msg, errors, requestId), so a partner's EPCIS tooling and
 * the portal's own screens read the same answer.
 */

const EXCEPTIONS: Partial<Record<ResultCode, string>> = {
  NO_LOGIN_ERROR: 'SecurityException',
  JWT_VERIFY_FAILED: 'SecurityException',
  ACCESS_DENIED_ERROR: 'SecurityException',
  NOT_FOUND: 'NoSuchNameException',
  PAYLOAD_TOO_LARGE: 'CaptureLimitExceededException',
  EPCIS_CAPTURE_LIMIT: 'CaptureLimitExceededException',
  EPCIS_VERSION_UNSUPPORTED: 'NotAcceptableException',
  UNSUPPORTED_MEDIA_TYPE: 'UnsupportedMediaTypeException',
  EPCIS_QUERY_TOO_LARGE: 'QueryTooLargeException',
  EPCIS_QUERY_TOO_COMPLEX: 'QueryTooComplexException',
  RATE_LIMITED: 'ImplementationException',
  SERVICE_UNAVAILABLE: 'ImplementationException',
  '500': 'ImplementationException',
};

/** The exception a refusal is: a bad parameter of a query, or an invalid document of a capture. */
function exceptionOf(code: string, request: FastifyRequest, status: number): string {
  const known = EXCEPTIONS[code as ResultCode];
  if (known) return known;
  if (code === 'PARAM_CHECK') return request.method === 'GET' ? 'QueryParameterException' : 'ValidationException';
  if (status === 406) return 'NotAcceptableException';
  if (status === 415) return 'UnsupportedMediaTypeException';
  if (status === 409) return 'ResourceAlreadyExistsException';
  return status >= 500 ? 'ImplementationException' : 'ValidationException';
}

function asProblem(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let envelope: { code?: unknown; msg?: unknown; errors?: Array<{ field: string; message: string }> };
  try {
    envelope = JSON.parse(payload) as typeof envelope;
  } catch {
    return payload;
  }
  if (typeof envelope.code !== 'string' || typeof envelope.msg !== 'string') return payload;
  const detail = envelope.errors?.length ? envelope.errors.map((e) => `${e.field}: ${e.message}`).join('; ') : undefined;
  // the envelope's fields first, as every refusal of the portal begins
  const problem = {
    ...envelope,
    type: `epcisException:${exceptionOf(envelope.code, request, reply.statusCode)}`,
    title: envelope.msg,
    status: reply.statusCode,
    ...(detail ? { detail } : {}),
  };
  reply.header('content-type', 'application/problem+json; charset=utf-8');
  return JSON.stringify(problem);
}

/** Makes every route registered after this under `prefix` answer its refusals as problems. */
export function answerProblemsUnder(app: FastifyInstance, prefix: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(prefix)) return;
    const own = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...own, async (request, reply, payload) => asProblem(request, reply, payload)];
  });
}
