import type { Lang, MenuConfNode } from '@rd/contract';

/** Helpers over the element tree of GET /acc/menuConf/queryList. */

export function findNode(tree: readonly MenuConfNode[], match: (n: MenuConfNode) => boolean): MenuConfNode | undefined {
  for (const node of tree) {
    if (match(node)) return node;
    const below = findNode(node.children, match);
    if (below) return below;
  }
  return undefined;
}

export function allIds(tree: readonly MenuConfNode[]): string[] {
  return tree.flatMap((n) => [n.id, ...allIds(n.children)]);
}

export const displayName = (node: Pick<MenuConfNode, 'menuName' | 'menuNameEn'>, lang: Lang) =>
  lang === 'en_US' && node.menuNameEn ? node.menuNameEn : node.menuName;

/** A table row: antd shows an expand icon for any `children`, so leaves carry none. */
export type MenuRow = Omit<MenuConfNode, 'children'> & { children?: MenuRow[] };

export function toRows(tree: readonly MenuConfNode[]): MenuRow[] {
  return tree.map(({ children, ...node }) => (children.length > 0 ? { ...node, children: toRows(children) } : node));
}

export interface ParentChoice {
  value: string;
  title: string;
  disabled?: boolean;
  children: ParentChoice[];
}

/**
 * Elements that may be a parent: menus only (a button has no children); while editing, the element itself
 * and everything below it are shown but disabled.
 */
export function parentChoices(tree: readonly MenuConfNode[], editingId: string | null, lang: Lang): ParentChoice[] {
  const build = (nodes: readonly MenuConfNode[], blocked: boolean): ParentChoice[] =>
    nodes
      .filter((n) => n.type === 'MENU')
      .map((n) => {
        const inside = blocked || n.id === editingId;
        return { value: n.menuCode, title: `${displayName(n, lang)} (${n.menuCode})`, disabled: inside, children: build(n.children, inside) };
      });
  return build(tree, false);
}
