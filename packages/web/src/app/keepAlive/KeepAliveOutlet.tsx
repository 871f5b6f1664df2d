import { Activity, Suspense, useEffect, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useStore } from '../state/createStore';
import { alivePaths, tagsViewStore } from '../state/tagsViewStore';
import { useLeafMeta } from '../router/leafMeta';
import { doneProgress, startProgress } from '../router/navigationProgress';
import { nextViewCache, type ViewCache } from './viewCache';

/**
 * The layout's outlet with the views of open tabs kept alive: each stays mounted under
 * <Activity mode="hidden"> while another tab is shown, so its state (filters, page, scroll) survives.
 * Server data lives in TanStack Query, so a returning view shows at once. Never-cached views (meta.noCache)
 * and views without a tab render alone and unmount when left; closing a tab drops its views.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const meta = useLeafMeta();
  const views = useStore(tagsViewStore, (s) => s.visitedViews);
  const generations = useStore(tagsViewStore, (s) => s.generations);
  const [cache, setCache] = useState<ViewCache>(() => new Map());

  const cacheable = outlet !== null && meta !== undefined && !meta.noCache && !meta.noTab;
  const next = nextViewCache(cache, pathname, cacheable ? outlet : null, alivePaths(views));
  // Derived during render (React's "adjust state while rendering" pattern): the next render settles,
  // because the same inputs give back the same map.
  if (next !== cache) setCache(next);

  const keyOf = (path: string) => `${path}#${generations[path] ?? 0}`;
  return (
    <>
      {[...next.entries()].map(([path, element]) => (
        <Activity key={keyOf(path)} mode={path === pathname ? 'visible' : 'hidden'}>
          <Suspense fallback={<ViewLoading />}>{element}</Suspense>
        </Activity>
      ))}
      {!cacheable && (
        <Suspense key={keyOf(pathname)} fallback={<ViewLoading />}>
          {outlet}
        </Suspense>
      )}
    </>
  );
}

/** While a screen's code is downloading, the progress bar runs as for any navigation. */
function ViewLoading() {
  useEffect(() => {
    startProgress();
    return doneProgress;
  }, []);
  return null;
}
