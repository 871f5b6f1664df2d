import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import type { loginLogQuerySchema } from './routes.js';

const SORT: SortSpec = {
  columns: { createdAt: 'l.created_at', username: 'l.username', ip: 'l.ip', result: 'l.result' },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 'l.id',
};

export async function loginLogPage(db: Kysely<DB>, principal: Principal, query: z.infer<typeof loginLogQuerySchema>) {
  let q = db
    .selectFrom('login_log as l')
    .select(['l.id', 'l.username', 'l.ip', 'l.user_agent as userAgent', 'l.result', 'l.reason', 'l.created_at as createdAt']);
  // Enterprise users see their own company's sign-ins only; platform staff see every company's.
  if (principal.companyId) q = q.where('l.company_id', '=', principal.companyId);
  if (query.username) q = q.where('l.username', 'ilike', containsPattern(query.username));
  if (query.ip) q = q.where('l.ip', '=', query.ip);
  if (query.result) q = q.where('l.result', '=', query.result);
  if (query.beginTime) q = q.where('l.created_at', '>=', query.beginTime);
  if (query.endTime) q = q.where('l.created_at', '<=', query.endTime);
  const page = await fetchPage(q, query, SORT);
  return { ...page, list: page.list.map((r) => ({ ...r, id: String(r.id) })) };
}
