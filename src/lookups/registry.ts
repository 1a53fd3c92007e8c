// The one list of lookups. Everything per-letter elsewhere is typed against LookupId, which is
// derived from this list: each letter is written once, in its definition's `id`.
import type { AnyLookup, LookupDefinition } from './define-lookup.ts';
import { indexLookups } from './lookup-index.ts';
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

/**
 * Keys the definitions by their ids, keeping each one's type. Each is written under its export
 * name, which also names its files: `chargingStations` with id 'B' lives in
 * `b-charging-stations.ts` (src/lookups), its demo generator in src/demo and its sample in
 * src/lookups/testing/samples under the same name (see lookupFiles).
 */
function defineRegistry<const Defs extends Readonly<Record<string, LookupDefinition<string>>>>(
  definitions: Defs,
): { readonly [K in keyof Defs as Defs[K]['id']]: Defs[K] } {
  const byId = Object.values(definitions).map((definition) => [definition.id, definition] as const);
  const ids = byId.map(([id]) => id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new Error(`Two lookups in the registry have the id ${twice}`);
  return Object.fromEntries(byId.sort(([a], [b]) => a.localeCompare(b))) as { readonly [K in keyof Defs as Defs[K]['id']]: Defs[K] };
}

const definitions = {
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
};

export const lookups = defineRegistry(definitions);

/** The letter of a registered lookup. */
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

/** The registry's lookups and operations by id. */
export const registryIndex = /* @__PURE__ */ indexLookups(allLookups);

/** `chargingStations` → `charging-stations`. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Each lookup's file name without folder or extension (`b-charging-stations`): its definition is
 * src/lookups/<name>.ts, its demo generator src/demo/<name>.ts (found by it, see
 * src/demo/generators.ts), its sample src/lookups/testing/samples/<name>.sample.ts.
 */
export const lookupFiles = /* @__PURE__ */ Object.fromEntries(
  Object.entries(definitions).map(([name, definition]) => [definition.id, `${definition.slug}-${kebab(name)}`]),
) as Readonly<Record<LookupId, string>>;

/** Finds a lookup by its lowercase slug (routes, proxy paths); undefined for anything else. */
export function lookupBySlug(slug: string): AnyLookup | undefined {
  return allLookups.find((lookup) => lookup.slug === slug);
}
