import type { MenuElementRow } from './store.js';

/**
 * Walking the menu element tree (parent_code → menu_code). The whole table is small (a few hundred rows
 * at most), so rules that need ancestors or descendants load it once and walk it here.
 */
export class ElementTree {
  readonly byId: ReadonlyMap<string, MenuElementRow>;
  readonly byCode: ReadonlyMap<string, MenuElementRow>;
  private readonly childrenByCode: ReadonlyMap<string | null, MenuElementRow[]>;

  constructor(readonly all: readonly MenuElementRow[]) {
    this.byId = new Map(all.map((m) => [m.id, m]));
    this.byCode = new Map(all.map((m) => [m.menu_code, m]));
    const children = new Map<string | null, MenuElementRow[]>();
    for (const m of all) {
      const parent = m.parent_code && this.byCode.has(m.parent_code) ? m.parent_code : null;
      children.set(parent, [...(children.get(parent) ?? []), m]);
    }
    for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.menu_code.localeCompare(b.menu_code));
    this.childrenByCode = children;
  }

  childrenOf(code: string | null): readonly MenuElementRow[] {
    return this.childrenByCode.get(code) ?? [];
  }

  /** The given ids plus the ids of all their ancestors; unknown ids are left out. */
  withAncestors(ids: Iterable<string>): Set<string> {
    const out = new Set<string>();
    for (const id of ids) {
      let element = this.byId.get(id);
      while (element && !out.has(element.id)) {
        out.add(element.id);
        element = element.parent_code ? this.byCode.get(element.parent_code) : undefined;
      }
    }
    return out;
  }

  /** Every element below the given one (not itself), nearest first. */
  descendantsOf(code: string): MenuElementRow[] {
    const out: MenuElementRow[] = [];
    const queue = [...this.childrenOf(code)];
    const seen = new Set<string>([code]);
    while (queue.length > 0) {
      const next = queue.shift() as MenuElementRow;
      if (seen.has(next.menu_code)) continue;
      seen.add(next.menu_code);
      out.push(next);
      queue.push(...this.childrenOf(next.menu_code));
    }
    return out;
  }

  /**
   * The elements passing `include` as nested nodes, ordered by sort then code. An included element whose
   * parent is left out becomes a root, so nothing included is lost.
   */
  build<T>(include: (m: MenuElementRow) => boolean, toNode: (m: MenuElementRow, children: T[]) => T): T[] {
    const kept = this.all.filter(include);
    const keptCodes = new Set(kept.map((m) => m.menu_code));
    const roots = kept.filter((m) => !m.parent_code || !keptCodes.has(m.parent_code));
    const visit = (m: MenuElementRow): T =>
      toNode(
        m,
        this.childrenOf(m.menu_code)
          .filter((c) => keptCodes.has(c.menu_code))
          .map(visit),
      );
    return roots.sort((a, b) => a.sort - b.sort || a.menu_code.localeCompare(b.menu_code)).map(visit);
  }
}
