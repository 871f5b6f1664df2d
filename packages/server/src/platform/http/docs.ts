import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { TOKEN_HEADER } from '@rd/contract';
import { accessOf, DOCS_PREFIX } from '../access/declaration.js';
import { operationIdOf, refusalResponses, REFUSAL_COMPONENTS, securityOf, successResponse } from './openApiOperations.js';
import { OPENAPI_TAGS } from './openApiTags.js';
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
export function installApiDocs(app: FastifyInstance, options: DocsOptions) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD routes are Fastify's own twins of the GET routes; the documentation's instance makes them again.
    if (!route.url.startsWith(DOCS_PREFIX) && route.method !== 'HEAD') routes.push(route);
  });
  let docs: Promise<FastifyInstance> | null = null;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= documentationApp(routes, options);
    const answer = await (await docs).inject({ method: request.method as 'GET', url: request.url, headers: { accept: request.headers.accept ?? '*/*' } });
    for (const [name, value] of Object.entries(answer.headers)) if (!CONNECTION_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  };
  app.get(DOCS_PREFIX, { schema: { hide: true } }, forward);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, forward);
}

export interface DocsOptions {
  /** Where the API is served: the document's `servers`. */
  publicBaseUrl: string;
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');

/** A Fastify instance holding the routes' schemas (not their work) with @fastify/swagger and its UI. */
async function documentationApp(routes: readonly RouteOptions[], options: DocsOptions): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform, jsonSchemaTransformObject }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  const docs = Fastify({ logger: false, schemaController: { compilersFactory: ZOD_COMPILERS } });
  // the documented methods of each path, so that an operation's name says its method where there are several
  const methodsAt = new Map<string, string[]>();
  for (const route of routes) {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) continue;
    methodsAt.set(route.url, [...(methodsAt.get(route.url) ?? []), ...methodsOf(route)]);
  }
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'Traceability platform API',
        description:
          'Every response is the envelope { code, msg, data }. Send the token from /acc/user/login in the ' +
          'X-RD-Request-APIToken header and the language (zh_CN | en_US) as `lang` or X-RD-Request-Language.',
        version: '1',
        license: { name: 'Proprietary: for the platform’s customers and their partners' },
      },
      servers: [{ url: options.publicBaseUrl }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: 'The token of POST /acc/user/login' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'rdk_…', description: 'A company API key (EPCIS interface only)' },
        },
      },
      security: [{ token: [] }],
    },
    // each operation: its contract schemas, then its name, credentials and refusals (openApiOperations.ts)
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const route = input.route as RouteOptions;
      const method = methodsOf(route)[0] ?? 'GET';
      const declared = (schema as { response?: Record<string, unknown> }).response ?? {};
      const success = Object.keys(declared).some((status) => status.startsWith('2')) ? {} : successResponse(route.url, method);
      return {
        url,
        schema: {
          ...schema,
          operationId: operationIdOf(method, input.url, methodsAt.get(input.url) ?? [method]),
          security: securityOf(accessOf(route)),
          response: { ...success, ...refusalResponses(route, method), ...declared },
        } as typeof schema,
      };
    },
    // schemas the contract names in Zod's registry (the trees, which refer to themselves) become
    // components.schemas, so the references to them resolve; the refusals' bodies join them
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
      document.components = { ...document.components, schemas: { ...document.components?.schemas, ...REFUSAL_COMPONENTS } };
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  const described = () => undefined;
  for (const route of routes) docs.route({ method: route.method, url: route.url, schema: route.schema, config: route.config, handler: described });
  await docs.ready();
  return docs;
}
