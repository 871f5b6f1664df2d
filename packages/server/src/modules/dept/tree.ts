import type { DeptNode } from '@rd/contract';

/** A department as the tree builder needs it; `ancestors` lists the ids above it, root first. */
export interface DeptFlat extends Omit<DeptNode, 'children'> {
  ancestors: string;
}

/** The ids in a department's comma-separated ancestor path. */
export function ancestorIds(ancestors: string): string[] {
  return ancestors ? ancestors.split(',') : [];
}

/** The ancestor path of a department's children: its own path followed by its id. */
export function childPath(dept: { id: string; ancestors: string }): string {
  return dept.ancestors ? `${dept.ancestors},${dept.id}` : dept.id;
}

/**
 * Nests departments under their parents, keeping the order of `rows` among siblings. A department
 * whose parent is not among the rows becomes a root, so a filtered set still shows every row.
 */
export function buildDeptTree(rows: readonly DeptFlat[]): DeptNode[] {
  const nodes = new Map<string, DeptNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      deptName: row.deptName,
      sort: row.sort,
      leader: row.leader,
      phone: row.phone,
      email: row.email,
      status: row.status,
      children: [],
    });
  }
  const roots: DeptNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as DeptNode;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The rows that match, together with all their ancestors, so the filtered tree stays connected. */
export function withAncestors(rows: readonly DeptFlat[], matches: (row: DeptFlat) => boolean): DeptFlat[] {
  const keep = new Set<string>();
  for (const row of rows) {
    if (!matches(row)) continue;
    keep.add(row.id);
    for (const id of ancestorIds(row.ancestors)) keep.add(id);
  }
  return rows.filter((row) => keep.has(row.id));
}
