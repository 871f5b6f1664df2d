import { loginUser } from '../../api/session';
import { ROUTE_TABLE } from '../routeTable';
import { generateMenuRoutes } from '../router/menuRoutes';
import { collectMenuGroups } from '../router/menuGroups';
import { menuRoutesStore } from '../router/menuRoutesStore';
import { rolesLoaded, setUser } from '../state/sessionStore';

let pending: Promise<void> | null = null;

/**
 * Loads the current user (roles, menus, button codes) once per session and builds the menu routes.
 * Route discovery and the guard both wait on the same call; a failure is kept until the forced logout
 * resets it, so one failed navigation makes one request.
 */
export function ensureSession(): Promise<void> {
  if (rolesLoaded()) return Promise.resolve();
  pending ??= loadSession();
  return pending;
}

export function resetSessionLoad(): void {
  pending = null;
}

async function loadSession(): Promise<void> {
  const user = await loginUser();
  const routes = generateMenuRoutes(user.menus, ROUTE_TABLE);
  menuRoutesStore.setState({ routes, groups: collectMenuGroups(routes) });
  setUser(user);
}
