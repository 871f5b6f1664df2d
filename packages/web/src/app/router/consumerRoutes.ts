import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { CONSUMER_PAGE_PATHS } from '@rd/contract/consumer';
import { NOT_FOUND_META } from './staticMeta';

/**
 * The consumer pages (scan result, manual entry, WeChat entry, box view) are another document of the web
 * app (consumer.html), not routes of the portal. A link inside the portal that leads there (the box of a
 * code, the box just packed) loads that document instead of rendering anything itself.
 */
export const consumerRoutes: RouteObject[] = CONSUMER_PAGE_PATHS.map((path) => ({
  path: path.slice(1),
  loader: loadConsumerDocument,
  // Only reached when this very address was served the portal's document (a build without the consumer
  // entry): reloading would loop, so it is "not found" here.
  lazy: async () => ({ Component: (await import('../../pages/NotFound')).NotFound }),
  handle: NOT_FOUND_META,
}));

function loadConsumerDocument({ request }: LoaderFunctionArgs): Promise<null> {
  if (request.url === window.location.href) return Promise.resolve(null);
  window.location.assign(request.url);
  // The page is being replaced: the navigation never finishes here.
  return new Promise<null>(() => undefined);
}
