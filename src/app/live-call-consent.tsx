// A link that would send a paid live call asks first. The rule: the lookup's catalog facts give a
// price per call (`pricePerCall`), and the server does not say the lookup answers from demo data
// (/lookup-config.json). Until the server has said, nothing is sent; when it cannot say, the page
// asks. A query the user sends from this page (Send, the paging bar) or agreed to is not asked
// about again; a reload or a new link asks again. Demo lookups and unpriced lookups never ask.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lookupConfigQueryOptions } from '../api/lookup-config-query.ts';
import type { LookupDefinition } from '../lookups/define-lookup.ts';

export type ConsentState =
  | { status: 'free' }
  | { status: 'checking' }
  | { status: 'ask'; price: number; live: 'yes' | 'unknown' }
  | { status: 'declined' };

export interface LiveCallConsent {
  state: ConsentState;
  /** Marks a query (its sent search string) as one the user asked for. */
  allow: (search: string) => void;
  /** "Not now" for the query in the URL. */
  decline: () => void;
}

/** `search`: the URL's sent query (url-state's sentQuerySearch), undefined when none. */
export function useLiveCallConsent(lookup: LookupDefinition, search: string | undefined): LiveCallConsent {
  const price = lookup.catalog.pricePerCall;
  const config = useQuery({ ...lookupConfigQueryOptions(), enabled: price !== undefined });
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(() => new Set());
  const [declined, setDeclined] = useState<string>();
  const mode = config.data?.lookups[lookup.id]?.mode;

  let state: ConsentState;
  if (price === undefined || search === undefined || allowed.has(search) || mode === 'demo') state = { status: 'free' };
  else if (config.isPending) state = { status: 'checking' };
  else if (declined === search) state = { status: 'declined' };
  else state = { status: 'ask', price, live: mode === 'live' ? 'yes' : 'unknown' };

  return {
    state,
    allow: (query) => setAllowed((current) => (current.has(query) ? current : new Set(current).add(query))),
    decline: () => setDeclined(search),
  };
}

export function formatPrice(dollars: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 6 }).format(dollars);
}
