import { Activity, Suspense, useEffect, useRef, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useStore } from '../state/createStore';
import { alivePaths, tagsViewStore } from '../state/tagsViewStore';
import { useLeafMeta } from '../router/leafMeta';
import { doneProgress, startProgress } from '../router/navigationProgress';

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
  const cacheRef = useRef(new Map<string, ReactElement>());

  // Updating the cache while rendering is safe here: the result depends only on this render's inputs,
  // so a repeated or abandoned render leaves it consistent.
  const cache = cacheRef.current;
  const cacheable = outlet !== null && meta !== undefined && !meta.noCache && !meta.noTab;
  if (cacheable) cache.set(pathname, outlet);
  const alive = alivePaths(views);
  for (const path of [...cache.keys()]) {
    if (path !== pathname && !alive.has(path)) cache.delete(path);
  }

  const keyOf = (path: string) => `${path}#${generations[path] ?? 0}`;
  return (
    <>
      {[...cache.entries()].map(([path, element]) => (
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
