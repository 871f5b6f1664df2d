import { useMatches, type UIMatch } from 'react-router';
import { isRouteMeta, type RouteMeta } from './routeMeta';

/** The meta of the deepest matched route that has one (the screen being shown). */
export function leafMetaOf(matches: readonly Pick<UIMatch, 'handle'>[]): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}

export function useLeafMeta(): RouteMeta | undefined {
  return leafMetaOf(useMatches());
}
