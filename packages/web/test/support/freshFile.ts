import { vi } from 'vitest';

// The files of a worker share one window and the libraries' modules (vitest's isolate: false, which halves the
// suite's time): each file starts from the app's own modules loaded anew (its stores, its i18n language), empty
// storage, an empty page (files of the node environment have none) and the address the app starts at, as if it were the worker's first.
vi.resetModules();
if (typeof window !== 'undefined') {
  sessionStorage.clear();
  localStorage.clear();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
}
