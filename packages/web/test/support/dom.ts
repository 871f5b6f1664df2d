// jsdom lacks a few browser APIs antd relies on; tests rendering antd components import this first.

/**
 * The window width media queries are answered for: a desktop's, as jsdom lays nothing out. A test of the phone
 * layout sets it (and sets it back).
 */
export const screenWidth = { px: 1280 };

/** Whether a width query (`(min-width: 768px)`, `(max-width: 575.98px)`, both) holds at screenWidth. */
function widthQueryHolds(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || screenWidth.px >= Number(min[1])) && (!max || screenWidth.px <= Number(max[1]));
}

// Installed by every file that imports this one, even over an earlier file's (the window outlives a file, this
// module does not): the queries must read this module's screenWidth.
{
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return widthQueryHolds(query);
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// jsdom cannot compute styles of pseudo-elements and says so on every call; the element's own style is enough here.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);
