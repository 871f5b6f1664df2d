import type { MenuNode } from '@rd/contract';
import type { MenuElementRow } from './store.js';

/**
 * The menu tree of spec 2.4 from granted elements. A granted screen brings its ancestors along even if a
 * role forgot to grant the group, so a grant never leads to an unreachable screen.
 */
export function buildMenuTree(all: readonly MenuElementRow[], granted: readonly MenuElementRow[]): MenuNode[] {
  const byCode = new Map(all.map((m) => [m.menu_code, m]));
  const visible = new Set<string>();
  for (const element of granted) {
    if (element.type !== 'MENU') continue;
    let code: string | null = element.menu_code;
    while (code && !visible.has(code)) {
      visible.add(code);
      code = byCode.get(code)?.parent_code ?? null;
    }
  }
  const menus = all.filter((m) => m.type === 'MENU' && visible.has(m.menu_code));
  const childrenOf = new Map<string | null, MenuElementRow[]>();
  for (const m of menus) {
    const parent = m.parent_code && visible.has(m.parent_code) ? m.parent_code : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), m]);
  }
  const build = (parent: string | null, level: number): MenuNode[] =>
    (childrenOf.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort || a.menu_code.localeCompare(b.menu_code))
      .map((m) => ({
        menuCode: m.menu_code,
        title: m.menu_name,
        titleEn: m.menu_name_en,
        url: m.menu_url,
        menuIcon: m.menu_icon,
        isShow: m.is_show,
        level,
        sort: m.sort,
        children: build(m.menu_code, level + 1),
      }));
  return build(null, 0);
}

/** Every permission code carried by the given elements (screens and buttons). */
export function permissionCodesOf(elements: readonly MenuElementRow[]): string[] {
  return [...new Set(elements.map((e) => e.permission).filter((p): p is string => Boolean(p)))].sort();
}
