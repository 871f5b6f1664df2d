import type { DeptNode } from '@rd/contract';

/** A tree-table row: antd shows an expander for any `children` array, so leaves carry none. */
export type DeptTableRow = Omit<DeptNode, 'children'> & { children?: DeptTableRow[] };

export function toTableRows(nodes: readonly DeptNode[]): DeptTableRow[] {
  return nodes.map(({ children, ...node }) => (children.length ? { ...node, children: toTableRows(children) } : node));
}

/** Every id in the tree (to expand all rows). */
export function allIds(nodes: readonly DeptNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children)]);
}

export interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/**
 * The choices of the parent selector. A department cannot move under itself or its descendants, so when
 * `editingId` is given that branch is shown but cannot be picked.
 */
export function toParentOptions(nodes: readonly DeptNode[], editingId?: string, insideEdited = false): ParentOption[] {
  return nodes.map((node) => {
    const disabled = insideEdited || node.id === editingId;
    return { value: node.id, title: node.deptName, disabled, children: toParentOptions(node.children, editingId, disabled) };
  });
}
