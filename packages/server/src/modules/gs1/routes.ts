import { SCAN_PAGE_PATH, normaliseScannedCode, toGtin14 } from '@rd/contract';
import { sql } from 'kysely';
import type { App, AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/appError.js';
import { appRateLimitStore } from '../../platform/rateLimit/appRateLimitStore.js';
import { perIpLimit } from '../../platform/rateLimit/publicRateLimit.js';
import { parseDigitalLinkPath } from './digitalLink.js';

/**
 * The GS1 Digital Link resolver: a printed https://{host}/01/{GTIN}[/10/{batch}]/21/{code} answers 302 to
 * the scan page with the code. A real route, so the web app's history fallback (index.html for unknown
 * GETs) never sees it. The GTIN must be the product's the code is bound to; when it is not, the page gets
 * the whole link as its "code", which the check answers NOT_FOUND and records like any unknown text — the
 * same answer as an unknown serial, so the resolver tells nothing about which codes exist.
 */
export async function gs1Routes(app: App, { db, config }: AppContext) {
  const limit = perIpLimit(appRateLimitStore(app, config.redisUrl), 'scan', config.scanRateLimitPerMinute);

  app.get('/01/*', {
    config: { access: 'public', audit: false },
    onRequest: limit,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] as string;
      const link = parseDigitalLinkPath(path);
      if (!link) throw notFound();
      const code = normaliseScannedCode(link.serial);
      const found = await sql<{ gtin: string | null }>`
        SELECT p.gtin FROM code c LEFT JOIN product p ON p.id = c.product_id AND p.company_id = c.company_id
        WHERE c.code = ${code}`.execute(db);
      const row = found.rows[0];
      const mismatch = row !== undefined && (row.gtin === null || toGtin14(row.gtin) !== link.gtin);
      const shown = mismatch ? path.slice(1) : code;
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${SCAN_PAGE_PATH}?code=${encodeURIComponent(shown)}`, 302);
    },
  });
}
