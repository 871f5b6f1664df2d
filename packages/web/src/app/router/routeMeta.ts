import type { Lang } from '@rd/contract';

/** What a route tells the layout (tabs, titles, caching, menu highlighting); kept in RouteObject.handle. */
export interface RouteMeta {
  /** Route name, e.g. 'LoginLog'; also the key of the view's help text. */
  name: string;
  title: string;
  titleEn: string;
  /** Never kept alive: the view unmounts as soon as the user leaves it. */
  noCache?: boolean;
  /** A tab that cannot be closed (the home tab). */
  affix?: boolean;
  /** A screen reached from the menu: counts visits and becomes the current menu path. */
  menu?: boolean;
  /** A hidden detail route: it opens in its parent's tab and highlights the parent's menu entry. */
  previewOf?: { name: string; path: string };
  /** Technical routes (the refresh hop) get no tab. */
  noTab?: boolean;
}

export function metaTitle(meta: Pick<RouteMeta, 'title' | 'titleEn'>, lang: Lang): string {
  return lang === 'en_US' ? meta.titleEn || meta.title : meta.title || meta.titleEn;
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && typeof (value as RouteMeta).name === 'string';
}
