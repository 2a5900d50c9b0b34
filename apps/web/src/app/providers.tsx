import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HttpError } from '../shared/lib/http';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; network blips and 5xx get two more tries.
      retry: (count, error) => {
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
        return count < 2;
      },
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
