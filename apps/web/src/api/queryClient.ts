import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './ApiError.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors will not change on retry; only network and server failures are worth another go.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
