import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import zh_CN from '../../../i18n/zh_CN';
import en_US from '../../../i18n/en_US';
import type { RouteMeta } from '../../../app/router/routeMeta';

type TitleKey = keyof typeof zh_CN.scan.title;

/**
 * A public scan page as a lazy route: a consumer's phone downloads the page's own small chunk, never
 * the portal's layout, tables or charts. The title follows the language like every route's.
 */
function scanRoute(path: string, name: string, title: TitleKey, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const handle: RouteMeta = { name, title: zh_CN.scan.title[title], titleEn: en_US.scan.title[title], noCache: true };
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
}

/** The public pages of the scan area (spec 2.1), added to publicRoutes in router.tsx. */
export const scanRoutes: RouteObject[] = [
  scanRoute('antiCounterfeiting', 'AntiCounterfeiting', 'result', () => import('../AntiCounterfeiting')),
  scanRoute('mobilePhone', 'MobilePhone', 'manual', () => import('../MobilePhone')),
  scanRoute('wx', 'Wx', 'wx', () => import('../Wx')),
  scanRoute('test', 'ScanTest', 'simulator', () => import('../ScanTest')),
  scanRoute('test1', 'DeviceTest', 'device', () => import('../DeviceTest')),
];
