import { afterEach, describe, expect, it } from 'vitest';
import { pageStarter } from '../src/public/scan/pageStart';

const moduleScripts = () => [...document.head.querySelectorAll('script[type="module"]')] as HTMLScriptElement[];

afterEach(() => {
  for (const added of document.head.querySelectorAll('script, link')) added.remove();
});

describe('starting the consumer page from the document', () => {
  it('adds the page’s module once, however often it is asked (the answer and the time limit race)', () => {
    const start = pageStarter(['/dist/assets/consumer-abc.js', '/dist/assets/vendor-react-1.js', '/dist/assets/public-kit-2.js']);
    start();
    start();
    start.afterShown();
    // the entry and everything it imports, asked for at once, in the mode of the build's own tags
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')] as HTMLLinkElement[];
    expect(preloads.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')])).toEqual([
      ['/dist/assets/consumer-abc.js', ''],
      ['/dist/assets/vendor-react-1.js', ''],
      ['/dist/assets/public-kit-2.js', ''],
    ]);
    const scripts = moduleScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe('/dist/assets/consumer-abc.js');
    // the mode of the build's own module tags
    expect(scripts[0]!.getAttribute('crossorigin')).toBe('');
  });

  it('after the drawn verdict is shown: the next frame where the browser keeps no paint records', async () => {
    const start = pageStarter(['/dist/assets/consumer-def.js']);
    start.afterShown();
    expect(moduleScripts()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(moduleScripts().map((s) => s.getAttribute('src'))).toEqual(['/dist/assets/consumer-def.js']);
  });
});
