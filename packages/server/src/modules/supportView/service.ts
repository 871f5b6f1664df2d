import type { SupportView } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { currentSupportView, endSupportView, startSupportView, type SupportViewRow } from './store.js';

const toView = (row: SupportViewRow): SupportView => ({ companyId: row.companyId, companyName: row.companyName, until: row.until.toISOString() });

/**
 * Opens a read-only view of one company for a platform account. The company is the one asked for, checked
 * to exist; from then on it comes from the session, never from a request. The reason stays in the
 * operation log with the opening. A company's own users have nothing to open: they see their company.
 */
export async function openSupportView(db: Kysely<DB>, principal: Principal, companyId: string, minutes: number): Promise<SupportView> {
  if (principal.companyId !== null || principal.apiKey) throw new AppError('ACCESS_DENIED_ERROR');
  const row = await startSupportView(db, principal.sessionId, companyId, minutes);
  if (!row) throw notFound();
  return toView(row);
}

export async function closeSupportView(db: Kysely<DB>, principal: Principal): Promise<void> {
  await endSupportView(db, principal.sessionId);
}

export async function supportViewOf(db: Kysely<DB>, principal: Principal): Promise<SupportView | null> {
  if (!principal.support) return null;
  const row = await currentSupportView(db, principal.sessionId);
  return row ? toView(row) : null;
}

/** The caller as the rest of the request sees them once the view is open: the company's read-only viewer. */
export function supportingPrincipal(principal: Principal, view: SupportView): Principal {
  if (principal.userType === '3') return principal;
  return { ...principal, userType: '3', companyId: view.companyId, support: { staffUserType: principal.userType, until: new Date(view.until) } };
}
