import { createStore } from '../state/createStore';
import type { MenuRoute } from './menuRoutes';
import type { MenuGroup } from './menuGroups';

/** The routes generated from the signed-in user's menus, and the side-menu groups built from them. */
export interface MenuRoutesState {
  routes: readonly MenuRoute[];
  groups: readonly MenuGroup[];
}

export const menuRoutesStore = createStore<MenuRoutesState>({ routes: [], groups: [] });
