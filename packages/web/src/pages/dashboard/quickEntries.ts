import type { MenuRoute } from '../../app/router/menuRoutes';
import { topVisits, type VisitCount } from '../../app/state/visitCounts';

export interface QuickEntry {
  path: string;
  title: string;
  titleEn: string;
}

/**
 * The user's most visited screens that are still in the menu; before any visit, the first screens of
 * the menu instead.
 */
export function quickEntries(counts: readonly VisitCount[], leaves: readonly MenuRoute[], limit: number): QuickEntry[] {
  const available = new Set(leaves.map((l) => l.fullPath));
  const visited = topVisits(counts.filter((c) => available.has(c.path)), limit);
  const source = visited.length > 0 ? visited : leaves.slice(0, limit).map((l) => ({ ...l, path: l.fullPath }));
  return source.map(({ path, title, titleEn }) => ({ path, title, titleEn }));
}
