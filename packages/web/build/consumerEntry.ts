import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
// By path, not by package name: Vite bundles its config's relative imports but loads packages as they are,
// and the contract package is TypeScript source.
import { CONSUMER_DOCUMENT, CONSUMER_PAGE_PATHS } from '../../contract/src/scan/consumerPages.ts';
import appEn from '../src/i18n/en_US/app.ts';
import headerEn from '../src/i18n/en_US/header.ts';
import scanEn from '../src/i18n/en_US/scan.ts';
import appZh from '../src/i18n/zh_CN/app.ts';
import headerZh from '../src/i18n/zh_CN/header.ts';
import scanZh from '../src/i18n/zh_CN/scan.ts';
import { pickEarlyTexts } from '../src/public/scan/earlyTexts.ts';

/** Where consumer.html takes the early check: after the meta tags, before any stylesheet or module. */
const EARLY_CHECK_PLACEHOLDER = '<!--early-check-->';
const EARLY_CHECK_SOURCE = path.resolve(import.meta.dirname, '../src/public/scan/earlyCheck.inline.ts');
/** The consumer entry's module script: the built chunk, or the source on the dev server. */
const PAGE_ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]*(?:\/src\/public\/main\.tsx|\/consumer-[\w-]+\.js))"><\/script>\s*/;
/** The build's modulepreload links of the modules the entry imports. */
const MODULE_PRELOADS = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The consumer entry's build and dev-server needs:
 * - consumer.html gets the scan page's early check as an inline classic script early in <head>, so the
 *   check starts while the browser is still fetching the page's modules, and its answer is drawn as soon as
 *   it comes (src/public/scan/earlyCheck.ts, earlyVerdict.ts). The same script fetches and starts the page's
 *   modules (pageStart.ts).
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
        // The page's modules are fetched and started by the inline script (src/public/scan/pageStart.ts): the
        // entry's module script and the modulepreload links of what it imports leave the document.
        const entry = PAGE_ENTRY_SCRIPT.exec(html);
        if (!entry) throw new Error(`${CONSUMER_DOCUMENT} has no module script of the consumer entry`);
        const imports = [...html.matchAll(MODULE_PRELOADS)].map((link) => link[1]!);
        const script = await earlyCheckScript([entry[1]!, ...imports]);
        return html
          .replace(entry[0], '')
          .replace(MODULE_PRELOADS, '')
          .replace(EARLY_CHECK_PLACEHOLDER, () => `<script>${script}</script>`);
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

/** The inline script, given the page's modules: its entry first, then what the entry imports. */
async function earlyCheckScript(pageModules: string[]): Promise<string> {
  const result = await build({
    entryPoints: [EARLY_CHECK_SOURCE],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    // Old in-app browsers (WeChat's, QQ's) scan labels too.
    target: 'es2017',
    legalComments: 'none',
    // The verdict's texts in both languages, taken from the page's own message files.
    define: {
      __PAGE_MODULES__: JSON.stringify(pageModules),
      __EARLY_TEXTS__: JSON.stringify({
        zh_CN: pickEarlyTexts({ scan: scanZh, header: headerZh, app: appZh }),
        en_US: pickEarlyTexts({ scan: scanEn, header: headerEn, app: appEn }),
      }),
    },
  });
  return result.outputFiles[0]!.text.trim();
}
