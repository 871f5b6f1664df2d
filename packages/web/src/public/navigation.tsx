import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Moving between the consumer pages without reloading them: history.pushState plus a hook that follows the
 * address (back and forward included). Four pages and plain links need no router library.
 */
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** The current path and query, e.g. "/antiCounterfeiting?code=X"; components re-render when it changes. */
export function useAddress(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
}

/** Goes to another consumer page (a path with its query) as a new history entry, at the top of the page. */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
}

/** A link to a consumer page: followed in place, or in a new tab when the visitor asks for one. */
export function Link({ to, className, children, 'data-testid': testId }: { to: string; className?: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <a
      href={to}
      className={className}
      data-testid={testId}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
