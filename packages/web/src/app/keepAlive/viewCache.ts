import type { ReactElement } from 'react';

export type ViewCache = ReadonlyMap<string, ReactElement>;

/**
 * The kept-alive views after a render: the current view (when cacheable) stored under its path, and
 * every view whose path is neither current nor alive (no tab shows it) dropped. The same map comes back
 * when nothing changed, so the caller can tell whether to store a new one.
 */
export function nextViewCache(
  cache: ViewCache,
  pathname: string,
  current: ReactElement | null,
  alive: ReadonlySet<string>,
): ViewCache {
  const stale = [...cache.keys()].filter((path) => path !== pathname && !alive.has(path));
  const replace = current !== null && cache.get(pathname) !== current;
  if (stale.length === 0 && !replace) return cache;
  const next = new Map(cache);
  for (const path of stale) next.delete(path);
  if (current !== null) next.set(pathname, current);
  return next;
}
