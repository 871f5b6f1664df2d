import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import zh_CN from '../../../i18n/zh_CN';
import en_US from '../../../i18n/en_US';
import type { RouteMeta } from '../../../app/router/routeMeta';

type TitleKey = keyof typeof zh_CN.scan.title;

/**
 * A staff scan tool as a lazy route: the phone downloads the page's own chunk, never the portal's layout,
 * tables or charts. The title follows the language like every route's. (The consumer's scan pages are the
 * consumer entry's, see src/public.)
 */
function scanRoute(path: string, name: string, title: TitleKey, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const handle: RouteMeta = { name, title: zh_CN.scan.title[title], titleEn: en_US.scan.title[title], noCache: true };
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
}

/** The staff tools of the scan area (spec 2.1: /test, /test1), added to publicRoutes in router.tsx. */
export const scanRoutes: RouteObject[] = [
  scanRoute('test', 'ScanTest', 'simulator', () => import('../ScanTest')),
  scanRoute('test1', 'DeviceTest', 'device', () => import('../DeviceTest')),
];
