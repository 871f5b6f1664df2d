import { sql } from 'kysely';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/appError.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';

/** Seconds a balancer or client is told to wait before asking a server that is not ready again. */
const RETRY_AFTER_SECONDS = 5;

/** The address printed in QR codes, and whether PUBLIC_BASE_URL set it (else it is this machine's localhost). */
const labelAddress = z.object({ publicBaseUrl: z.string(), publicBaseUrlConfigured: z.boolean() });

export async function healthRoutes(app: App, { db, database, config }: AppContext) {
  app.get('/acc/health', {
    config: { access: 'public' },
    schema: {
      tags: ['operations'],
      summary: 'Liveness and database reachability, and the address printed in QR codes (PUBLIC_BASE_URL)',
      response: { 200: envelope(z.object({ status: z.literal('UP'), database: z.enum(['pglite', 'postgres']), ...labelAddress.shape })) },
    },
    handler: async (request) => {
      await sql`SELECT 1`.execute(db);
      const address = { publicBaseUrl: config.publicBaseUrl, publicBaseUrlConfigured: config.publicBaseUrlConfigured };
      return ok(request, { status: 'UP' as const, database: database.kind, ...address });
    },
  });

  // Liveness: the process answers. A failing database is not a reason to restart the process.
  app.get('/acc/health/live', {
    config: { access: 'public', audit: false },
    schema: { tags: ['operations'], summary: 'Liveness: the process answers', response: { 200: envelope(z.object({ status: z.literal('UP') })) } },
    handler: async (request) => ok(request, { status: 'UP' as const }),
  });

  // Readiness: this instance should get traffic. The server listens only once its migrations are applied,
  // so a ready answer needs the database to answer now and the process not to be stopping.
  app.get('/acc/health/ready', {
    config: { access: 'public', audit: false },
    schema: {
      tags: ['operations'],
      summary: 'Readiness: the database answers and the process is not draining (503 with Retry-After otherwise)',
      response: { 200: envelope(z.object({ status: z.literal('READY'), database: z.enum(['pglite', 'postgres']) })) },
    },
    handler: async (request, reply) => {
      let ready = !app.lifecycle.draining;
      if (ready) ready = await sql`SELECT 1`.execute(db).then(() => true, () => false);
      if (!ready) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return ok(request, { status: 'READY' as const, database: database.kind });
    },
  });
}
