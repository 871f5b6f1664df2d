import type { UserPermissionInfo, UserPermissionSaveBody } from '@rd/contract';
import type { Kysely } from 'kysely';
import { usableScopes } from '../../platform/access/menuScope.js';
import { isReadCode } from '../../platform/access/supportRead.js';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';
import { ElementTree } from '../menu/elementTree.js';
import { allMenuElements } from '../menu/store.js';
import { planGrants } from '../role/grantPlan.js';
import { heldBy } from '../role/service.js';
import { findUserInReach, lockUserInReach } from '../role/store.js';
import { directGrantIds, permissionCodesByType, replaceDirectGrants, roleGrantIds } from './store.js';

/** A user's direct grants and the grants of their enabled roles (the user must be within the caller's reach). */
export async function permissionInfo(db: Kysely<DB>, principal: Principal, userId: string): Promise<UserPermissionInfo> {
  const user = await findUserInReach(db, principal, userId);
  if (!user) throw notFound();
  return { userId: user.id, menuIds: await directGrantIds(db, user.id), roleMenuIds: await roleGrantIds(db, user.id) };
}

/**
 * Replaces a user's direct grants under the rules of role grants: only elements the caller holds, with
 * their ancestors, never platform-only elements for an enterprise user.
 */
export async function saveDirectGrants(db: Kysely<DB>, principal: Principal, body: UserPermissionSaveBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await lockUserInReach(trx, principal, body.userId);
    if (!user) throw notFound();
    const tree = new ElementTree(await allMenuElements(trx));
    const next = planGrants({
      tree,
      held: await heldBy(trx, principal, tree),
      current: new Set(await directGrantIds(trx, user.id)),
      requested: body.menuIds,
      enterpriseTarget: user.company_id !== null,
    });
    await replaceDirectGrants(trx, user.id, next);
  });
}

/** The signed-in user's own permission codes of one element type (the super user holds all; a support view the company's read codes). */
export async function ownPermissionCodes(db: Kysely<DB>, principal: Principal, type: 'MENU' | 'BUTTON'): Promise<string[]> {
  const scopes = usableScopes(principal.companyId);
  if (principal.support) return (await permissionCodesByType(db, type, null, scopes)).filter(isReadCode);
  return permissionCodesByType(db, type, principal.userType === '1' ? null : principal.userId, scopes);
}
