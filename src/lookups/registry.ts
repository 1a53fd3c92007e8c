// The one list of lookups. Everything per-letter elsewhere is typed against LookupId, which is
// derived from this list: each letter is written once, in its definition's `id`.
import type { AnyLookup, LookupDefinition } from './define-lookup.ts';
import { movie } from './a-movie.ts';
import { chargingStations } from './b-charging-stations.ts';
import { companyAddress } from './c-company-address.ts';
import { propertyDetail } from './d-property-detail.ts';
import { mapCell } from './e-map-cell.ts';
import { cars } from './f-cars.ts';
import { propertyMortgage } from './g-property-mortgage.ts';
import { sexOffenders } from './h-sex-offenders.ts';
import { currencyTimeseries } from './i-currency-timeseries.ts';
import { digitalInsights } from './j-digital-insights.ts';
import { airplanes } from './k-airplanes.ts';
import { crimeIncidents } from './l-crime-incidents.ts';
import { callsForService } from './m-calls-for-service.ts';
import { financialIdentifier } from './n-financial-identifier.ts';
import { prospecting } from './o-prospecting.ts';
import { nftCollections } from './p-nft-collections.ts';
import { aviationTaxes } from './q-aviation-taxes.ts';
import { profileDetails } from './r-profile-details.ts';
import { transaction } from './s-transaction.ts';
import { podcastSearch } from './t-podcast-search.ts';

/** Keys a list of definitions by their ids, keeping each one's type. */
function defineRegistry<const Defs extends ReadonlyArray<LookupDefinition<string>>>(definitions: Defs): { readonly [L in Defs[number] as L['id']]: L } {
  return Object.fromEntries(definitions.map((definition) => [definition.id, definition])) as { readonly [L in Defs[number] as L['id']]: L };
}

export const lookups = defineRegistry([
  movie,
  chargingStations,
  companyAddress,
  propertyDetail,
  mapCell,
  cars,
  propertyMortgage,
  sexOffenders,
  currencyTimeseries,
  digitalInsights,
  airplanes,
  crimeIncidents,
  callsForService,
  financialIdentifier,
  prospecting,
  nftCollections,
  aviationTaxes,
  profileDetails,
  transaction,
  podcastSearch,
]);

/** The letter of a registered lookup, 'A' … 'T'. */
export type LookupId = Extract<keyof typeof lookups, string>;

declare module './define-lookup.ts' {
  // Derives define-lookup's LookupId from this registry without a cycle of imports.
  interface LookupRegister {
    lookups: typeof lookups;
  }
}

/** Every letter, in the registry's order. */
export const LOOKUP_IDS = Object.keys(lookups) as readonly LookupId[];

export const allLookups: readonly AnyLookup[] = LOOKUP_IDS.map((id) => lookups[id]);

/** Finds a lookup by its lowercase slug (routes, proxy paths); undefined for anything else. */
export function lookupBySlug(slug: string): AnyLookup | undefined {
  return allLookups.find((lookup) => lookup.slug === slug);
}
