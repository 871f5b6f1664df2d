import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import zh_CN from '../../../i18n/zh_CN';
import en_US from '../../../i18n/en_US';
import type { RouteMeta } from '../../../app/router/routeMeta';

type TitleKey = keyof typeof zh_CN.binding.title;

/** A production-line page as a lazy route: the phone loads only the page's chunk, not the portal. */
function bindingRoute(path: string, name: string, title: TitleKey, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const handle: RouteMeta = { name, title: zh_CN.binding.title[title], titleEn: en_US.binding.title[title], noCache: true };
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
}

/** /codeBinding and /codeBindingProduce (spec 2.1), added to publicRoutes in router.tsx; /boxCodeView is a consumer page. */
export const bindingRoutes: RouteObject[] = [
  bindingRoute('codeBinding', 'CodeBinding', 'pack', () => import('../CodeBinding')),
  bindingRoute('codeBindingProduce', 'CodeBindingProduce', 'produce', () => import('../CodeBindingProduce')),
];
