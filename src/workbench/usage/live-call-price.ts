// What one send costs: a lookup priced per call (its catalog facts' `pricePerCall`) that the
// server's /lookup-config.json says is live. Demo lookups, unpriced ones, and any lookup while the
// server has not said (or cannot say) cost nothing here: the Send button shows a price only when
// it is sure one will be charged.
import { useLookupConfig } from '../../api/lookup-config-query.ts';
import type { CatalogFacts, LookupId } from '../../lookups/define-lookup.ts';

interface Priced {
  id: LookupId;
  catalog: CatalogFacts;
}

/** The dollars one send will cost, or undefined when it costs nothing (or is not known to be live). */
export function useLiveCallPrice(lookup: Priced): number | undefined {
  const price = lookup.catalog.pricePerCall;
  const mode = useLookupConfig().data?.lookups[lookup.id]?.mode;
  return price !== undefined && mode === 'live' ? price : undefined;
}
