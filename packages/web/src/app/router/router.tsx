import { createBrowserRouter, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { BootScreen } from '../layout/BootScreen';
import { ensureSession } from '../auth/loadSession';
import { hasToken } from '../state/sessionStore';
import { guardLoader } from './guardLoader';
import { menuRoutesStore } from './menuRoutesStore';
import { toRouteObjects } from './menuRouteObjects';
import { RootShell } from './RootShell';
import { RedirectHop } from './RedirectHop';
import { HOME_PATH } from './paths';
import { DASHBOARD_META, LOGIN_META, NOT_FOUND_META, REDIRECT_META } from './staticMeta';
import { scanRoutes } from '../../pages/public/scan/scanRoutes';
import { bindingRoutes } from '../../pages/public/binding/bindingRoutes';
import { registerRoute } from '../../pages/company/registerRoute';
import { consumerRoutes } from './consumerRoutes';

/** The route the menu routes are patched into: everything under it shares the main layout. */
export const LAYOUT_ROUTE_ID = 'layout';

/**
 * Public pages other than the login page (spec 2.1). Each later page adds its route here and keeps its
 * path in PUBLIC_PATHS (paths.ts); until then those paths fall to the not-found page.
 */
export const publicRoutes: RouteObject[] = [...scanRoutes, ...bindingRoutes, registerRoute];

/**
 * The shell's own screens load with the route that shows them: the login page carries neither Ant Design
 * (the portal frame) nor the main layout (menus, tabs, header) nor the dashboard's charts, and a signed-in
 * screen does not carry the login form.
 */
const lazyPortalFrame = async () => ({ Component: (await import('../PortalFrame')).PortalFrame });
const lazyLoginPage = async () => ({ Component: (await import('../../pages/LoginPage')).LoginPage });
const lazyMainLayout = async () => ({ Component: (await import('../layout/MainLayout')).MainLayout });
const lazyDashboard = async () => ({ Component: (await import('../../pages/Dashboard')).Dashboard });
const lazyNotFound = async () => ({ Component: (await import('../../pages/NotFound')).NotFound });

export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: guardLoader,
      // The guard runs on every navigation, not only when the root's own params change.
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: BootScreen,
      children: [
        { index: true, loader: () => redirect(HOME_PATH) },
        { path: 'loginPage', lazy: lazyLoginPage, handle: LOGIN_META },
        // Only hand the address over to the consumer document.
        ...consumerRoutes,
        {
          id: 'frame',
          lazy: lazyPortalFrame,
          children: [
            ...publicRoutes,
            {
              id: LAYOUT_ROUTE_ID,
              lazy: lazyMainLayout,
              children: [
                { path: HOME_PATH.slice(1), lazy: lazyDashboard, handle: DASHBOARD_META },
                // Inside the layout, so the hop does not unmount the kept-alive views of the other tabs.
                { path: 'redirect/*', Component: RedirectHop, handle: REDIRECT_META },
              ],
            },
            { path: '*', lazy: lazyNotFound, handle: NOT_FOUND_META },
          ],
        },
      ],
    },
  ];
}

/**
 * Adds the signed-in user's menu routes when a path is not matched yet (react-router calls this before
 * the loaders). A failed user load is left to the guard loader, which logs out and reports it.
 */
export const discoverMenuRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  if (!hasToken()) return;
  try {
    await ensureSession();
  } catch {
    return;
  }
  patch(LAYOUT_ROUTE_ID, toRouteObjects(menuRoutesStore.getState().routes));
};

export function createAppRouter() {
  return createBrowserRouter(appRoutes(), { patchRoutesOnNavigation: discoverMenuRoutes });
}
