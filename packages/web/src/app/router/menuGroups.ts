import type { MenuRoute } from './menuRoutes';

/** A first-level entry of the side menu: a group of screens (tagMg, systemMg ...) and its visible leaves. */
export interface MenuGroup {
  menuCode: string;
  title: string;
  titleEn: string;
  icon: string;
  fullPath: string;
  leaves: MenuRoute[];
}

/**
 * The groups shown in the narrow first-level column: every visible container that directly holds
 * visible screens. Containers above them (accPortal, enterprise) are only walked through.
 */
export function collectMenuGroups(routes: readonly MenuRoute[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  const walk = (nodes: readonly MenuRoute[]) => {
    for (const node of nodes) {
      if (node.container === 'view' || node.hidden) continue;
      const leaves = node.children.filter((c) => c.container === 'view' && !c.hidden);
      if (leaves.length > 0) {
        groups.push({
          menuCode: node.menuCode,
          title: node.title,
          titleEn: node.titleEn,
          icon: node.icon,
          fullPath: node.fullPath,
          leaves,
        });
      }
      walk(node.children);
    }
  };
  walk(routes);
  return groups;
}

/** The group holding a path (a leaf's full path or anything below it). */
export function groupOfPath(groups: readonly MenuGroup[], path: string): MenuGroup | undefined {
  return groups.find((g) => g.leaves.some((l) => path === l.fullPath || path.startsWith(`${l.fullPath}/`)));
}
