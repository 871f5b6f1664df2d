import { QueryClient } from '@tanstack/react-query';

/**
 * Server data cache. The HTTP client already retries safe calls, so queries do not retry again;
 * a kept-alive screen coming back shows cached data at once and refreshes it when stale.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
