/**
 * The grant tree's state. What a role is granted is one set of element ids; the antd Tree shows it in one
 * of two modes:
 * - linked (parents and children conducted): a parent is checked when all of its children are, and
 *   half-checked when some are. Saving sends the checked keys and the half-checked parents, because a
 *   granted button needs its screen and a screen its groups.
 * - strict: every element on its own, so a screen can be granted without its buttons. Checking an
 *   element checks its ancestors; unchecking it unchecks everything below it.
 */
export interface GrantNode {
  id: string;
  children: readonly GrantNode[];
}

type Key = string | number | bigint;

function walk(nodes: readonly GrantNode[], visit: (node: GrantNode, parent: GrantNode | null) => void, parent: GrantNode | null = null) {
  for (const node of nodes) {
    visit(node, parent);
    walk(node.children, visit, node);
  }
}

export function allIds(tree: readonly GrantNode[]): string[] {
  const ids: string[] = [];
  walk(tree, (n) => ids.push(n.id));
  return ids;
}

/** Keys for a linked tree: granted elements whose whole subtree is granted (antd derives the half-checked parents). */
export function linkedCheckedKeys(tree: readonly GrantNode[], granted: ReadonlySet<string>): string[] {
  const keys: string[] = [];
  const fully = (node: GrantNode): boolean => {
    const childrenFull = node.children.map(fully).every(Boolean);
    const full = granted.has(node.id) && childrenFull;
    if (full) keys.push(node.id);
    return full;
  };
  tree.forEach(fully);
  return keys;
}

/**
 * Whether a linked tree can show the grants without losing any: it cannot show a granted element none of
 * whose children is granted (a screen without its buttons), so that set opens in strict mode.
 */
export function fitsLinkedTree(tree: readonly GrantNode[], granted: ReadonlySet<string>): boolean {
  let fits = true;
  walk(tree, (node) => {
    if (node.children.length > 0 && granted.has(node.id) && !node.children.some((c) => granted.has(c.id))) fits = false;
  });
  return fits;
}

/** What a linked tree's onCheck means: the checked keys plus the half-checked parents. */
export function grantedFromLinked(checked: readonly Key[], halfChecked: readonly Key[] = []): Set<string> {
  return new Set([...checked, ...halfChecked].map(String));
}

/** A check or an uncheck in strict mode. */
export function toggleStrict(tree: readonly GrantNode[], granted: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const parentOf = new Map<string, string | null>();
  const nodeOf = new Map<string, GrantNode>();
  walk(tree, (node, parent) => {
    parentOf.set(node.id, parent?.id ?? null);
    nodeOf.set(node.id, node);
  });
  const next = new Set(granted);
  if (on) {
    for (let at: string | null | undefined = id; at; at = parentOf.get(at)) next.add(at);
  } else {
    const node = nodeOf.get(id);
    next.delete(id);
    if (node) walk(node.children, (d) => next.delete(d.id));
  }
  return next;
}
