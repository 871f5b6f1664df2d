import type { Lang } from '@rd/contract';
import { visitLanguage } from '../apiUrl';
import { startEarlyCheck } from './earlyCheck';
import { earlyTranslate, type EarlyTexts } from './earlyTexts';
import { paintEarlyVerdict } from './earlyVerdict';
import { pageStarter } from './pageStart';

/** Put in by the build (build/consumerEntry.ts): the early messages of both languages, and the page's modules. */
declare const __EARLY_TEXTS__: Record<Lang, EarlyTexts>;
declare const __PAGE_MODULES__: string[];

/**
 * How long the page's modules wait for the check's answer to be drawn first. The answer takes one round trip
 * and the modules some 100 KB, so on a phone the answer is nearly always first; when the server is slow,
 * the page starts anyway and shows that it is checking.
 */
const DRAW_FIRST_WAIT_MS = 1000;

// Built into an inline <script> of consumer.html by build/consumerEntry.ts; see earlyCheck.ts and pageStart.ts.
const startPage = pageStarter(__PAGE_MODULES__);
const drawn = startEarlyCheck(window.location, (root, result, onGeoTap) => {
  const lang = visitLanguage();
  paintEarlyVerdict(root, result, earlyTranslate(__EARLY_TEXTS__[lang]), lang, onGeoTap);
});
if (drawn) {
  setTimeout(startPage, DRAW_FIRST_WAIT_MS);
  void drawn.then((painted) => (painted ? startPage.afterShown() : startPage()));
} else {
  startPage();
}
