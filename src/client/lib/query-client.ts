import { onlineManager, QueryClient } from '@tanstack/react-query';

// SPEC.md §7 default policy: no automatic retries, no refetch on window focus, no polling, stale at once,
// cache lifetime 0. Queries that need otherwise (the current user, the facility list) say so themselves.
// Offline (issue 12, item 3), a request is still sent and fails at once, so a screen shows its error with a retry
// beside the offline banner, and a form its failure, rather than waiting in silence for the network to return
// (TanStack Query's default 'online' mode). The screens on view are fetched again when it returns, as in that mode
// (which 'always' would otherwise turn off).
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and learns otherwise from the browser's events; an app that starts
  // offline (a reload with the network gone) would then never hear that the network came back.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: true, staleTime: 0, gcTime: 0, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
