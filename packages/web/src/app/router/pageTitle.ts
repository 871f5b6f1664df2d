import type { Lang } from '@rd/contract';
import { metaTitle, type RouteMeta } from './routeMeta';

/** Browser title: "<screen> - <product>" in the current language, or the product alone. */
export function pageTitle(meta: RouteMeta | undefined, lang: Lang, productTitle: string): string {
  const title = meta ? metaTitle(meta, lang) : '';
  return title ? `${title} - ${productTitle}` : productTitle;
}
