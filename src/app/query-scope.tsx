// Gives what it wraps the app's query client. Every lazily loaded part that runs queries (the
// pages under /lookups, History, Saved, the palette, the header's masking policy) renders inside
// one, so TanStack Query loads with those parts and never with the catalog's first paint. All
// scopes of an app share one client (answers cached on a lookup page are there for Compare).
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { QueryClientHolderContext } from './query-client-holder.ts';

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
}

export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const holder = useContext(QueryClientHolderContext);
  // Without the app around it (a component test), a client of its own.
  const [own] = useState(() => (outer || holder ? undefined : newQueryClient()));
  // A client given by an outer provider (a test's) wins; else the app's, made by the first scope.
  const client = outer ?? (holder ? (holder.client ??= newQueryClient()) : own!);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
