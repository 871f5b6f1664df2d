import type { ComponentType } from 'react';
import type { MenuNode } from '@rd/contract';
import { isNeverCached, type RouteTableEntry } from '../routeTable';

/** How a generated route renders: level 0 sits in the main layout, groups pass through, leaves are views. */
export type RouteContainer = 'layout' | 'passThrough' | 'view';

/** A route generated from the user's menu tree (spec 2.4), before it becomes a react-router route. */
export interface MenuRoute {
  name: string;
  menuCode: string;
  /** As registered: '/' + menuCode at level 0, a bare segment below. */
  path: string;
  fullPath: string;
  title: string;
  titleEn: string;
  icon: string;
  /** isShow '0' (and every preview route): reachable, but not listed in the menu. */
  hidden: boolean;
  container: RouteContainer;
  component?: ComponentType;
  noCache: boolean;
  previewOf?: { name: string; path: string };
  children: MenuRoute[];
}

/**
 * Menu tree → routes. A url matching a table entry's name gives a view (plus its hidden preview
 * route); a url matching a preview name gives that preview route alone. Unmatched leaves are dropped,
 * and so are groups left without children. Level-0 items are always groups.
 */
export function generateMenuRoutes(menus: readonly MenuNode[], table: readonly RouteTableEntry[]): MenuRoute[] {
  return buildLevel(menus, 0, '', table);
}

function buildLevel(
  nodes: readonly MenuNode[],
  depth: number,
  parentPath: string,
  table: readonly RouteTableEntry[],
): MenuRoute[] {
  const routes: MenuRoute[] = [];
  for (const node of [...nodes].sort((a, b) => a.sort - b.sort)) {
    if (depth > 0) {
      const entry = table.find((e) => e.name === node.url);
      if (entry) {
        routes.push(viewRoute(node, entry, parentPath));
        if (entry.preview) routes.push(previewRoute(node, entry, parentPath));
        continue;
      }
      const previewOwner = table.find((e) => e.preview?.name === node.url);
      if (previewOwner) {
        routes.push(previewRoute(node, previewOwner, parentPath));
        continue;
      }
    }
    const path = depth === 0 ? `/${node.menuCode}` : node.menuCode;
    const fullPath = depth === 0 ? path : `${parentPath}/${path}`;
    const children = buildLevel(node.children ?? [], depth + 1, fullPath, table);
    if (children.length === 0) continue;
    routes.push({
      ...describe(node),
      name: node.menuCode,
      path,
      fullPath,
      container: depth === 0 ? 'layout' : 'passThrough',
      noCache: false,
      children,
    });
  }
  return linkPreviews(uniqueByName(routes));
}

function describe(node: MenuNode) {
  return {
    menuCode: node.menuCode,
    title: node.title,
    titleEn: node.titleEn,
    icon: node.menuIcon,
    hidden: node.isShow === '0',
  };
}

function viewRoute(node: MenuNode, entry: RouteTableEntry, parentPath: string): MenuRoute {
  return {
    ...describe(node),
    name: entry.name,
    path: entry.path,
    fullPath: `${parentPath}/${entry.path}`,
    container: 'view',
    component: entry.component,
    noCache: isNeverCached(entry),
    children: [],
  };
}

function previewRoute(node: MenuNode, entry: RouteTableEntry, parentPath: string): MenuRoute {
  const preview = entry.preview!;
  return {
    ...describe(node),
    hidden: true,
    name: preview.name,
    path: preview.path,
    fullPath: `${parentPath}/${preview.path}`,
    container: 'view',
    component: preview.component ?? entry.component,
    noCache: isNeverCached(entry),
    previewOf: { name: entry.name, path: `${parentPath}/${entry.path}` },
    children: [],
  };
}

/** The same screen listed twice at one level (e.g. a detail item next to its parent) becomes one route. */
function uniqueByName(routes: MenuRoute[]): MenuRoute[] {
  const seen = new Set<string>();
  return routes.filter((r) => (seen.has(r.name) ? false : (seen.add(r.name), true)));
}

/** A preview keeps its parent link only when the parent screen is really there to return to. */
function linkPreviews(routes: MenuRoute[]): MenuRoute[] {
  const names = new Set(routes.filter((r) => !r.previewOf).map((r) => r.name));
  return routes.map((r) => {
    if (!r.previewOf || names.has(r.previewOf.name)) return r;
    const { previewOf: _dropped, ...alone } = r;
    return alone;
  });
}

/** Every view route, depth first (used for quick entries, counts and title look-ups). */
export function flattenViews(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.flatMap((r) => (r.container === 'view' ? [r] : flattenViews(r.children)));
}
