import { QueryClient } from '@tanstack/react-query';

// SPEC.md §7 default policy: no automatic retries, no refetch on window focus, no polling, stale at once,
// cache lifetime 0. Queries that need otherwise (the current user, the facility list) say so themselves.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, gcTime: 0 },
      mutations: { retry: false },
    },
  });
}
