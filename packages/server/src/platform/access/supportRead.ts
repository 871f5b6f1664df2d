import { SUPPORT_VIEW_CLOSE_PATH } from '@rd/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isReadRoute } from '../audit/operationLog.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { Access } from './declaration.js';

/** The permission codes of screens that only show data: `area:entity:list` and `area:entity:view`. */
const READ_CODE = /:(list|view)$/;
export const isReadCode = (permission: string | null): permission is string => permission !== null && READ_CODE.test(permission);

/** GET, or a POST whose last path word reads (spec 7 sends most reads as POST: pageList, queryList, getById...). */
function namedAsRead(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  return request.method === 'POST' && isReadRoute(request.routeOptions.url ?? '');
}

/**
 * Whether a call only reads, by what the operation log records as a change: a route that declares what it
 * records changes something (exports and downloads included: a support view looks, it does not take data
 * away), one that declares `audit: false` only reads, the others read when named as reads.
 */
function onlyReads(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config.audit;
  return declared === undefined ? namedAsRead(request) : declared === false;
}

/** Whether an element of the company's screens (not a platform-only one) carries this read code. */
async function isCompanyReadCode(db: Kysely<DB>, permission: string): Promise<boolean> {
  if (!isReadCode(permission)) return false;
  const row = await db.selectFrom('menu').select('id').where('permission', '=', permission).where('scope', '<>', 'PLATFORM').executeTakeFirst();
  return row !== undefined;
}

/**
 * The guard of a support view, whatever the staff member's own grants: the company's read screens and the
 * caller's own session reads pass; leaving the view passes; every other call is refused here, on the
 * server, so a hidden button is never the only thing between a support view and a change.
 */
export async function assertSupportRead(db: Kysely<DB>, request: FastifyRequest, access: Exclude<Access, 'public'>): Promise<void> {
  if (request.routeOptions.url === SUPPORT_VIEW_CLOSE_PATH) return;
  if (!onlyReads(request)) throw new AppError('SUPPORT_VIEW_READ_ONLY');
  // the caller's own calls (profile, dictionaries, a scan simulation that leaves a test record) must also be named as reads
  if (access === 'session') {
    if (!namedAsRead(request)) throw new AppError('SUPPORT_VIEW_READ_ONLY');
    return;
  }
  if (!(await isCompanyReadCode(db, access.permission))) throw new AppError('ACCESS_DENIED_ERROR');
}
