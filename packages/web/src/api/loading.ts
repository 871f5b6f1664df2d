import { createStore } from '../app/state/createStore';

/** Number of calls in flight that want the full-screen loading overlay; the overlay shows while > 0. */
export const loadingStore = createStore({ pending: 0 });

export function beginLoading(): void {
  loadingStore.setState((s) => ({ pending: s.pending + 1 }));
}

export function endLoading(): void {
  loadingStore.setState((s) => ({ pending: Math.max(0, s.pending - 1) }));
}
