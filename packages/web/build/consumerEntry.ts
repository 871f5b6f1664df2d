import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
// By path, not by package name: Vite bundles its config's relative imports but loads packages as they are,
// and the contract package is TypeScript source.
import { CONSUMER_DOCUMENT, CONSUMER_PAGE_PATHS } from '../../contract/src/scan/consumerPages.ts';

/** Where consumer.html takes the early check: after the meta tags, before any stylesheet or module. */
const EARLY_CHECK_PLACEHOLDER = '<!--early-check-->';
const EARLY_CHECK_SOURCE = path.resolve(import.meta.dirname, '../src/public/scan/earlyCheck.inline.ts');

/**
 * The consumer entry's build and dev-server needs:
 * - consumer.html gets the scan page's early check as an inline classic script early in <head>, so the
 *   check starts while the browser is still fetching the page's modules (src/public/scan/earlyCheck.ts).
 *   It is compiled from the same TypeScript as the page, so both always agree on the request and the tab's
 *   kept verdicts. The server allows exactly this script by its hash in the page's CSP.
 * - The dev server answers the consumer paths with consumer.html, as the real server does.
 */
export function consumerEntry(): Plugin {
  return {
    name: 'rd-consumer-entry',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (path.basename(context.filename) !== CONSUMER_DOCUMENT) return undefined;
        if (!html.includes(EARLY_CHECK_PLACEHOLDER)) throw new Error(`${CONSUMER_DOCUMENT} lacks ${EARLY_CHECK_PLACEHOLDER}`);
        const script = await earlyCheckScript();
        return html.replace(EARLY_CHECK_PLACEHOLDER, () => `<script>${script}</script>`);
      },
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname, query] = (request.url ?? '').split('?');
        if (pathname !== undefined && CONSUMER_PAGE_PATHS.includes(pathname)) request.url = `/${CONSUMER_DOCUMENT}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

async function earlyCheckScript(): Promise<string> {
  const result = await build({
    entryPoints: [EARLY_CHECK_SOURCE],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    // Old in-app browsers (WeChat's, QQ's) scan labels too.
    target: 'es2017',
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text.trim();
}
