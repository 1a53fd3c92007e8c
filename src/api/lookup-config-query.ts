// The server's published lookup configuration (`/lookup-config.json`): per lookup, live or demo,
// where its key travels upstream, the masking policy. Fetched once per page and parsed with the
// wire schema; it never holds a key or a base URL. The header reads it on every page, the catalog
// included, so the wire module (and zod with it) is loaded only when the fetch runs, keeping the
// catalog route's JavaScript small.
import { QueryClient, QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { LookupConfigDocument } from '../lookups/wire.ts';

export async function fetchLookupConfig(signal?: AbortSignal): Promise<LookupConfigDocument> {
  const { LOOKUP_CONFIG_PATH, lookupConfigSchema } = await import('../lookups/wire.ts');
  const response = await fetch(LOOKUP_CONFIG_PATH, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  if (!response.ok) throw new Error(`${LOOKUP_CONFIG_PATH} answered HTTP ${response.status}`);
  return lookupConfigSchema.parse(await response.json());
}

export function lookupConfigQueryOptions() {
  return queryOptions({
    queryKey: ['lookup-config'] as const,
    queryFn: ({ signal }) => fetchLookupConfig(signal),
    // The configuration is read once when the server starts; it does not change under a page.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

// Components rendered outside the app's QueryClientProvider (isolated component tests, an
// embedding without one) still get an answer through a client of their own.
let standaloneClient: QueryClient | undefined;

export function useLookupConfig() {
  const client = useContext(QueryClientContext) ?? (standaloneClient ??= new QueryClient());
  return useQuery(lookupConfigQueryOptions(), client);
}
