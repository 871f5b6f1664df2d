import { Outlet, redirect, type RouteObject } from 'react-router';
import { flattenViews, type MenuRoute } from './menuRoutes';
import type { RouteMeta } from './routeMeta';

/**
 * Generated menu routes → react-router routes, patched under the main layout route. Ids are derived
 * from full paths, so patching the same menus again adds nothing.
 */
export function toRouteObjects(routes: readonly MenuRoute[]): RouteObject[] {
  return routes.map((route) => (route.container === 'view' ? viewRoute(route) : containerRoute(route)));
}

function viewRoute(route: MenuRoute): RouteObject {
  const meta: RouteMeta = {
    name: route.name,
    title: route.title,
    titleEn: route.titleEn,
    noCache: route.noCache,
    menu: !route.hidden && !route.previewOf,
    ...(route.previewOf ? { previewOf: route.previewOf } : {}),
  };
  return { id: `menu:${route.fullPath}`, path: route.path, Component: route.component ?? null, handle: meta };
}

function containerRoute(route: MenuRoute): RouteObject {
  const firstLeaf = flattenViews(route.children).find((view) => !view.hidden);
  const children: RouteObject[] = [];
  // A group's own path opens its first screen instead of an empty page.
  if (firstLeaf) {
    children.push({ id: `menu:${route.fullPath}:index`, index: true, loader: () => redirect(firstLeaf.fullPath) });
  }
  children.push(...toRouteObjects(route.children));
  // Unknown paths inside the permission-driven area go back to '/' (spec 2.2).
  if (route.container === 'layout') {
    children.push({ id: `menu:${route.fullPath}:unknown`, path: '*', loader: () => redirect('/') });
  }
  return { id: `menu:${route.fullPath}`, path: route.path, element: <Outlet />, children };
}
