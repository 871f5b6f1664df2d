import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { TOKEN_HEADER } from '@rd/contract';
import { DOCS_PREFIX } from '../access/declaration.js';
import { ZOD_COMPILERS } from './zodCompilers.js';

/** Headers of the documentation's answers that belong to its own connection, not to the forwarded answer. */
const CONNECTION_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

/**
 * OpenAPI generated from the contract schemas, with the API docs (Swagger UI) served under /acc/docs.
 * Built on the first visit, not at start-up, where the OpenAPI and YAML libraries cost a tenth of a
 * second on every restart: the routes are recorded as they are added, and the first request to the docs
 * builds a Fastify instance with @fastify/swagger and those routes, whose answers the docs then forward.
 * Must be installed before the routes it documents.
 */
export function installApiDocs(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD routes are Fastify's own twins of the GET routes; the documentation's instance makes them again.
    if (!route.url.startsWith(DOCS_PREFIX) && route.method !== 'HEAD') routes.push(route);
  });
  let docs: Promise<FastifyInstance> | null = null;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= documentationApp(routes);
    const answer = await (await docs).inject({ method: request.method as 'GET', url: request.url, headers: { accept: request.headers.accept ?? '*/*' } });
    for (const [name, value] of Object.entries(answer.headers)) if (!CONNECTION_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  };
  app.get(DOCS_PREFIX, { schema: { hide: true } }, forward);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, forward);
}

/** A Fastify instance holding the routes' schemas (not their work) with @fastify/swagger and its UI. */
async function documentationApp(routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform, jsonSchemaTransformObject }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  const docs = Fastify({ logger: false, schemaController: { compilersFactory: ZOD_COMPILERS } });
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'Traceability platform API',
        description:
          'Every response is the envelope { code, msg, data }. Send the token from /acc/user/login in the ' +
          'X-RD-Request-APIToken header and the language (zh_CN | en_US) as `lang` or X-RD-Request-Language.',
        version: '1',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
    // schemas the contract names in Zod's registry (the trees, which refer to themselves) become
    // components.schemas, so the references to them resolve
    transformObject: jsonSchemaTransformObject,
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  const described = () => undefined;
  for (const route of routes) docs.route({ method: route.method, url: route.url, schema: route.schema, handler: described });
  await docs.ready();
  return docs;
}
