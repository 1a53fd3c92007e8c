// The server's published lookup configuration (`/lookup-config.json`): per lookup, live or demo
// and where its key travels upstream. Fetched once per page and parsed with the wire schema; it
// never holds a key or a base URL. A fetcher, its query options and the hooks the Request tab uses.
import { QueryClient, QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { defaultKeyPlacement, LOOKUP_CONFIG_PATH, lookupConfigSchema, type KeyPlacement, type LookupConfigDocument } from '../lookups/wire.ts';

export async function fetchLookupConfig(signal?: AbortSignal): Promise<LookupConfigDocument> {
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

export interface EffectiveKeyPlacement {
  placement: KeyPlacement;
  /** `server`: as the server's configuration says; `definition`: its default, until (or unless) the server answered. */
  from: 'server' | 'definition';
}

/** Where this lookup's key travels upstream, as the server resolved it (the definition's default until it has said). */
export function useKeyPlacement(lookup: AnyLookup): EffectiveKeyPlacement {
  const published = useLookupConfig().data?.lookups[lookup.id]?.key;
  return published ? { placement: published, from: 'server' } : { placement: defaultKeyPlacement(lookup.keyTransport), from: 'definition' };
}
