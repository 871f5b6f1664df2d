import { AppError, notFound } from '../../platform/http/appError.js';
import type { ElementTree } from '../menu/elementTree.js';

/** What an actor may hand out: every element (user type '1'), or the elements they hold and their ancestors. */
export type Held = ReadonlySet<string> | 'ALL';

export interface GrantRequest {
  tree: ElementTree;
  held: Held;
  /** Elements the target (a role, or a user directly) has now. */
  current: ReadonlySet<string>;
  /** Elements the actor wants the target to have. */
  requested: readonly string[];
  /** Enterprise roles and enterprise users never receive platform-only elements; platform ones no company-only elements. */
  enterpriseTarget: boolean;
}

const isHeld = (held: Held, id: string) => held === 'ALL' || held.has(id);

/** Codes of the given elements that the actor does not hold, in tree order. */
export function notHeldCodes(tree: ElementTree, held: Held, ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return tree.all.filter((m) => wanted.has(m.id) && !isHeld(held, m.id)).map((m) => m.menu_code);
}

/**
 * The target's grants after a save. Rules:
 * - every requested element exists (else NOT_FOUND);
 * - a granted button or screen brings its ancestors, so no grant leads to an unreachable element;
 * - enterprise targets never receive platform-only elements (PLATFORM_ONLY_GRANT); platform targets
 *   never keep company-only ones, which would lead nowhere without a company;
 * - an actor adds only elements they hold (GRANT_NOT_HELD, naming them);
 * - elements the target has but the actor does not hold stay as they are: the actor neither sees them
 *   in the tree offered for granting nor may take them away.
 */
export function planGrants({ tree, held, current, requested, enterpriseTarget }: GrantRequest): Set<string> {
  if (requested.some((id) => !tree.byId.has(id))) throw notFound();
  const wanted = tree.withAncestors(requested);

  if (enterpriseTarget) {
    const platformOnly = tree.all.filter((m) => wanted.has(m.id) && m.scope === 'PLATFORM').map((m) => m.menu_code);
    if (platformOnly.length > 0) throw new AppError('PLATFORM_ONLY_GRANT', { codes: platformOnly.join(', ') });
  }

  const added = [...wanted].filter((id) => !current.has(id));
  const missing = notHeldCodes(tree, held, added);
  if (missing.length > 0) throw new AppError('GRANT_NOT_HELD', { codes: missing.join(', ') });

  const kept = [...current].filter((id) => !isHeld(held, id) && tree.byId.has(id));
  const result = new Set([...wanted, ...kept]);
  const outOfScope = enterpriseTarget ? 'PLATFORM' : 'COMPANY';
  for (const id of result) if (tree.byId.get(id)?.scope === outOfScope) result.delete(id);
  return result;
}
