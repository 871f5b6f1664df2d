import { createStore } from './createStore';

/** How often the user opened a menu screen (spec 3.5); kept per user in localStorage. */
export interface VisitCount {
  name: string;
  path: string;
  visitCount: number;
  title: string;
  titleEn: string;
}

export const visitCountKey = (userCode: string): string => `visitCount_${userCode}`;

export const visitCountStore = createStore<{ userCode: string; counts: readonly VisitCount[] }>({ userCode: '', counts: [] });

/** One more visit of `entry.path`; titles are refreshed because menus can be renamed. */
export function withVisitCounted(counts: readonly VisitCount[], entry: Omit<VisitCount, 'visitCount'>): VisitCount[] {
  const found = counts.find((c) => c.path === entry.path);
  if (!found) return [...counts, { ...entry, visitCount: 1 }];
  return counts.map((c) => (c === found ? { ...entry, visitCount: c.visitCount + 1 } : c));
}

export function readVisitCounts(userCode: string): VisitCount[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(visitCountKey(userCode)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as VisitCount[]) : [];
  } catch {
    return [];
  }
}

export function loadVisitCounts(userCode: string): void {
  if (visitCountStore.getState().userCode === userCode) return;
  visitCountStore.setState({ userCode, counts: readVisitCounts(userCode) });
}

export function recordVisit(userCode: string, entry: Omit<VisitCount, 'visitCount'>): void {
  loadVisitCounts(userCode);
  const counts = withVisitCounted(visitCountStore.getState().counts, entry);
  try {
    localStorage.setItem(visitCountKey(userCode), JSON.stringify(counts));
  } catch {
    // A full or disabled storage only loses the statistics.
  }
  visitCountStore.setState({ counts });
}

/** Most visited first. */
export function topVisits(counts: readonly VisitCount[], limit: number): VisitCount[] {
  return [...counts].sort((a, b) => b.visitCount - a.visitCount).slice(0, limit);
}
