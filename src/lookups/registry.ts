// The one list of lookups. Everything per-letter elsewhere is typed against LookupId.
import type { LookupDefinition, LookupId } from './define-lookup.ts';
import { LOOKUP_IDS } from './define-lookup.ts';
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

export const lookups = {
  A: movie,
  B: chargingStations,
  C: companyAddress,
  D: propertyDetail,
  E: mapCell,
  F: cars,
  G: propertyMortgage,
  H: sexOffenders,
  I: currencyTimeseries,
  J: digitalInsights,
  K: airplanes,
  L: crimeIncidents,
  M: callsForService,
  N: financialIdentifier,
  O: prospecting,
  P: nftCollections,
  Q: aviationTaxes,
  R: profileDetails,
  S: transaction,
  T: podcastSearch,
} as const satisfies Record<LookupId, LookupDefinition>;

export const allLookups: readonly LookupDefinition[] = LOOKUP_IDS.map((id) => lookups[id]);

/** Finds a lookup by its lowercase slug (routes, proxy paths); undefined for anything else. */
export function lookupBySlug(slug: string): LookupDefinition | undefined {
  return allLookups.find((lookup) => lookup.slug === slug);
}
