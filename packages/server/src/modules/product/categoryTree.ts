import type { CategoryNode, CategoryRow } from '@rd/contract';

/**
 * Nests categories under their parents, keeping the order of `rows` among siblings. A category whose
 * parent is not among the rows becomes a root.
 */
export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as CategoryNode;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** True when `candidate` is `id` itself or lies below it, following the parent links. */
export function isSelfOrBelow(parents: ReadonlyMap<string, string | null>, id: string, candidate: string): boolean {
  const seen = new Set<string>();
  for (let at: string | null | undefined = candidate; at; at = parents.get(at)) {
    if (at === id) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
