/**
 * Fetches and starts the consumer page's modules from the document's inline script, instead of a
 * <script type="module"> and modulepreload links in the document. A scan page starts them once the check's
 * answer has been drawn (earlyVerdict.ts) and is on the screen: until then the check and the stylesheets have
 * the phone's connection to themselves (some 100 KB of modules would otherwise share it, and take the
 * browser's few connections per server), and evaluating some 300 KB of script and React's first render do not
 * hold the main thread the verdict's paint needs. All modules are then asked for at once, as modulepreload
 * links (the entry and everything it imports), so they arrive in one round instead of a waterfall. "On the screen" is the browser's own record of the paint, its largest-contentful-paint entry, which it
 * makes only once the frame is shown and only for elements still in the page (React replaces the drawn ones);
 * a browser that keeps no such record gets the next frame. Any other consumer page, a verdict this tab already
 * holds, or an answer left to the page starts them at once.
 *
 * Called more than once (the answer and a time limit race), it starts the modules once. The entry runs when
 * the document has been parsed, as a module script of the document would.
 */
export function pageStarter(modules: readonly string[]): (() => void) & { afterShown(): void } {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The entry too: its script is added only once the document has been parsed.
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const append = () => {
      const script = document.createElement('script');
      script.type = 'module';
      // In the mode of the modulepreload links, whose copy only a request of the same mode takes.
      script.crossOrigin = '';
      script.src = modules[0]!;
      document.head.append(script);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', append, { once: true });
    else append();
  };
  const afterShown = () => {
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      const observer = new PerformanceObserver(() => {
        observer.disconnect();
        start();
      });
      observer.observe({ type: 'largest-contentful-paint' });
    } else {
      // A frame's callbacks run before its paint, and a task queued from one runs after it.
      requestAnimationFrame(() => setTimeout(start, 0));
    }
  };
  return Object.assign(start, { afterShown });
}
