import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * For a POST whose parameters may come in the query string, the body or both (spec 7 makes most calls POST,
 * and a client may still put a download's parameters in its URL): before validation the body becomes the
 * query's fields overlaid by the body's. A body that is not an object is left alone for validation to refuse.
 */
export function paramsInBodyOrQuery(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const body = request.body;
  if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body))) {
    request.body = { ...(request.query as Record<string, unknown>), ...((body as Record<string, unknown> | null | undefined) ?? {}) };
  }
  done();
}
