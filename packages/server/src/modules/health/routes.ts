import { sql } from 'kysely';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';

export async function healthRoutes(app: App, { db, database }: AppContext) {
  app.get('/acc/health', {
    config: { access: 'public' },
    schema: {
      tags: ['operations'],
      summary: 'Liveness and database reachability',
      response: { 200: envelope(z.object({ status: z.literal('UP'), database: z.enum(['pglite', 'postgres']) })) },
    },
    handler: async (request) => {
      await sql`SELECT 1`.execute(db);
      return ok(request, { status: 'UP' as const, database: database.kind });
    },
  });
}
