import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient.ts';

// TanStack Query is provided per page instead of at the root, so pages that fetch nothing
// (the home page first of all) never download it. Every provider shares the one client and cache.
export function QueryScope({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function withQueryScope<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <QueryScope>
        <Page {...props} />
      </QueryScope>
    );
  }
  Scoped.displayName = `WithQueryScope(${Page.displayName ?? Page.name})`;
  return Scoped;
}
