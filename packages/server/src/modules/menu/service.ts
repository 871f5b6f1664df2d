import type { Lang, MenuConfNode, MenuNode, MenuSaveBody } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { duplicateField, invalidField } from '../../platform/http/inputErrors.js';
import { ElementTree } from './elementTree.js';
import {
  allMenuElements,
  deleteMenu,
  hasChildren,
  insertMenu,
  confineScope,
  lockMenuTable,
  menuCodeTaken,
  updateMenu,
  type MenuElementRow,
  type MenuFields,
} from './store.js';

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

// ---------------------------------------------------------------------------------------------------
// Menu configuration (platform only)
// ---------------------------------------------------------------------------------------------------

const MENU_CODE_LABEL = { zh_CN: '菜单编码', en_US: 'Menu code' };

function toConfNode(m: MenuElementRow, children: MenuConfNode[]): MenuConfNode {
  return {
    id: m.id,
    menuCode: m.menu_code,
    parentMenuCode: m.parent_code,
    menuName: m.menu_name,
    menuNameEn: m.menu_name_en,
    menuIcon: m.menu_icon,
    menuUrl: m.menu_url,
    type: m.type,
    permission: m.permission,
    isShow: m.is_show,
    sort: m.sort,
    scope: m.scope,
    children,
  };
}

/** Every menu and button element as one tree. Read on every call: an edit shows at the next loginUser. */
export async function menuConfTree(db: Kysely<DB>): Promise<MenuConfNode[]> {
  return new ElementTree(await allMenuElements(db)).build(() => true, toConfNode);
}

/**
 * Creates (no id) or updates an element. The code is unique; the parent exists, is a menu, and is neither
 * the element nor below it; a button has no children. Under a platform-only (company-only) parent an
 * element is platform-only (company-only) too, and becoming platform-only withdraws it (and everything
 * below) from companies, becoming company-only from platform accounts.
 */
export async function saveMenu(db: Kysely<DB>, lang: Lang, body: MenuSaveBody): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockMenuTable(trx);
    const tree = new ElementTree(await allMenuElements(trx));
    const existing = body.id ? tree.byId.get(body.id) : undefined;
    if (body.id && !existing) throw notFound();
    if (await menuCodeTaken(trx, body.menuCode, body.id)) throw duplicateField(lang, 'menuCode', MENU_CODE_LABEL, body.menuCode);

    const parent = body.parentMenuCode ? tree.byCode.get(body.parentMenuCode) : undefined;
    if (body.parentMenuCode) {
      const below = existing ? tree.descendantsOf(existing.menu_code).map((d) => d.id) : [];
      if (!parent || parent.id === existing?.id || below.includes(parent.id)) {
        throw invalidField(lang, 'parentMenuCode', 'validation.menuParent');
      }
      if (parent.type === 'BUTTON') throw invalidField(lang, 'parentMenuCode', 'validation.buttonNoChildren');
    }
    if (existing && body.type === 'BUTTON' && tree.childrenOf(existing.menu_code).length > 0) {
      throw invalidField(lang, 'type', 'validation.buttonNoChildren');
    }

    const scope = parent && parent.scope !== 'ALL' ? parent.scope : (body.scope ?? existing?.scope ?? 'ALL');
    const fields: MenuFields = {
      menu_code: body.menuCode,
      parent_code: parent?.menu_code ?? null,
      menu_name: body.menuName,
      menu_name_en: body.menuNameEn,
      menu_icon: body.menuIcon,
      menu_url: body.menuUrl,
      type: body.type,
      permission: body.permission ?? null,
      is_show: body.isShow,
      sort: body.sort,
      scope,
    };
    const id = existing ? existing.id : await insertMenu(trx, fields);
    if (existing) await updateMenu(trx, existing.id, fields);
    if (scope !== 'ALL') {
      const below = existing ? tree.descendantsOf(existing.menu_code).map((d) => d.id) : [];
      await confineScope(trx, [id, ...below], scope);
    }
    return id;
  });
}

/** Deletes an element without children; its grants go with it. */
export async function removeMenu(db: Kysely<DB>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockMenuTable(trx);
    const element = await trx.selectFrom('menu').select(['id', 'menu_code']).where('id', '=', id).executeTakeFirst();
    if (!element) throw notFound();
    if (await hasChildren(trx, element.menu_code)) throw new AppError('MENU_HAS_CHILDREN');
    await deleteMenu(trx, element.id);
  });
}
