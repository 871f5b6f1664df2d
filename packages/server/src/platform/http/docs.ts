import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { TOKEN_HEADER } from '@rd/contract';
import { DOCS_PREFIX } from '../access/declaration.js';

/** OpenAPI generated from the contract schemas, with the API docs served under /acc/docs. */
export async function installApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
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
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
