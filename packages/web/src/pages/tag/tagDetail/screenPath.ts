import { flattenViews } from '../../../app/router/menuRoutes';
import { menuRoutesStore } from '../../../app/router/menuRoutesStore';
import { useStore } from '../../../app/state/createStore';

/**
 * Where a screen (its route name, e.g. 'ProductDetail') is in the signed-in user's menus, or null when the
 * user cannot open it: a link to it is then plain text.
 */
export function useScreenPath(name: string): string | null {
  const routes = useStore(menuRoutesStore, (s) => s.routes);
  return flattenViews(routes).find((r) => r.name === name)?.fullPath ?? null;
}
