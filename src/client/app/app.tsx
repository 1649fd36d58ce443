import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../components/ui/use-toast';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './routes';

// Fetched with the first toast, so the landing page does not carry it (DESIGN.md §10); the toast waits in the
// store (use-toast.ts) until the Toaster mounts.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const hasToasts = useToasts().length > 0;
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      {hasToasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
