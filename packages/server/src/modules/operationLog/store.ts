import type { operationLogQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: { createdAt: 'o.created_at', durationMs: 'o.duration_ms', username: 'o.username', module: 'o.module' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'o.id',
};

/** The entries the caller may read: enterprise users their own company's, platform users everyone's. */
function visibleEntries(db: Kysely<DB>, principal: Principal) {
  const q = db.selectFrom('operation_log as o');
  return principal.companyId ? q.where('o.company_id', '=', principal.companyId) : q;
}

export async function operationLogPage(db: Kysely<DB>, principal: Principal, query: z.output<typeof operationLogQuerySchema>) {
  let q = visibleEntries(db, principal)
    .leftJoin('company as c', 'c.id', 'o.company_id')
    .leftJoin('app_user as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.username',
      sql<string>`coalesce(nullif(u.name, ''), o.username)`.as('operatorName'),
      sql<string>`coalesce(c.full_name, '')`.as('companyName'),
      'o.module',
      'o.action',
      'o.target',
      'o.method',
      'o.url',
      'o.ip',
      'o.user_agent as userAgent',
      'o.params',
      'o.result',
      'o.error_code as errorCode',
      'o.duration_ms as durationMs',
      'o.created_at as createdAt',
    ]);
  // Only platform users may narrow to one company; an enterprise user's company is fixed by the session.
  if (!principal.companyId && query.companyId) q = q.where('o.company_id', '=', query.companyId);
  // the column shows the person's name: the filter finds it as well as the login name
  if (query.username) {
    const pattern = containsPattern(query.username);
    q = q.where((w) => w.or([w('o.username', 'ilike', pattern), w('u.name', 'ilike', pattern)]));
  }
  if (query.module) q = q.where('o.module', '=', query.module);
  if (query.action?.length) q = q.where('o.action', 'in', query.action);
  if (query.result) q = q.where('o.result', '=', query.result);
  if (query.ip) q = q.where('o.ip', '=', query.ip);
  if (query.beginTime) q = q.where('o.created_at', '>=', query.beginTime);
  if (query.endTime) q = q.where('o.created_at', '<=', query.endTime);
  const page = await fetchPage(q, query, SORT);
  return { ...page, list: page.list.map((r) => ({ ...r, id: String(r.id), durationMs: Number(r.durationMs) })) };
}

/**
 * The module names among the caller's visible entries, for the filter list. The log only grows, so
 * instead of DISTINCT over every row this hops from one name to the next through the (company_id, module)
 * and (module) indexes: one index probe per module.
 */
export async function operationLogModules(db: Kysely<DB>, principal: Principal): Promise<string[]> {
  const company = principal.companyId;
  const result = company
    ? await sql<{ module: string }>`
        WITH RECURSIVE m(module) AS (
          (SELECT module FROM operation_log WHERE company_id = ${company} ORDER BY module LIMIT 1)
          UNION ALL
          SELECT (SELECT o.module FROM operation_log o WHERE o.company_id = ${company} AND o.module > m.module
                  ORDER BY o.module LIMIT 1)
          FROM m WHERE m.module IS NOT NULL
        )
        SELECT module FROM m WHERE module IS NOT NULL`.execute(db)
    : await sql<{ module: string }>`
        WITH RECURSIVE m(module) AS (
          (SELECT module FROM operation_log ORDER BY module LIMIT 1)
          UNION ALL
          SELECT (SELECT o.module FROM operation_log o WHERE o.module > m.module ORDER BY o.module LIMIT 1)
          FROM m WHERE m.module IS NOT NULL
        )
        SELECT module FROM m WHERE module IS NOT NULL`.execute(db);
  return result.rows.map((r) => r.module);
}
