import type { CategoryNode } from '@rd/contract';

export interface CategoryTreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: CategoryTreeOption[];
}

/**
 * The category tree as TreeSelect data. `excluding` (a category being moved) is offered disabled with
 * everything below it, since a category cannot go under itself.
 */
export function toCategoryOptions(nodes: readonly CategoryNode[], excluding?: string, inExcluded = false): CategoryTreeOption[] {
  return nodes.map((node) => {
    const excluded = inExcluded || node.id === excluding;
    return {
      value: node.id,
      title: node.name,
      ...(excluded ? { disabled: true } : {}),
      children: toCategoryOptions(node.children, excluding, excluded),
    };
  });
}

/** Every category id in the tree. */
export function categoryIds(nodes: readonly CategoryNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...categoryIds(node.children)]);
}
