// Each definition on its own, for the browser: a lookup page downloads and builds only its own
// lookup (its zod schemas), not all twenty. Building every definition's schemas at once cost a
// phone-class CPU about 300 ms before the page could answer a tap. The registry (registry.ts)
// stays the one list; this table is typed against it, so a letter added there without a loader
// here (or a loader returning another lookup) does not compile.
import type { AnyLookup } from './define-lookup.ts';
import type { LookupId, lookups } from './registry.ts';

type LookupLoaders = { readonly [L in LookupId as Lowercase<L>]: () => Promise<(typeof lookups)[L]> };

const lookupLoaders: LookupLoaders = {
  a: () => import('./a-movie.ts').then((module) => module.movie),
  b: () => import('./b-charging-stations.ts').then((module) => module.chargingStations),
  c: () => import('./c-company-address.ts').then((module) => module.companyAddress),
  d: () => import('./d-property-detail.ts').then((module) => module.propertyDetail),
  e: () => import('./e-map-cell.ts').then((module) => module.mapCell),
  f: () => import('./f-cars.ts').then((module) => module.cars),
  g: () => import('./g-property-mortgage.ts').then((module) => module.propertyMortgage),
  h: () => import('./h-sex-offenders.ts').then((module) => module.sexOffenders),
  i: () => import('./i-currency-timeseries.ts').then((module) => module.currencyTimeseries),
  j: () => import('./j-digital-insights.ts').then((module) => module.digitalInsights),
  k: () => import('./k-airplanes.ts').then((module) => module.airplanes),
  l: () => import('./l-crime-incidents.ts').then((module) => module.crimeIncidents),
  m: () => import('./m-calls-for-service.ts').then((module) => module.callsForService),
  n: () => import('./n-financial-identifier.ts').then((module) => module.financialIdentifier),
  o: () => import('./o-prospecting.ts').then((module) => module.prospecting),
  p: () => import('./p-nft-collections.ts').then((module) => module.nftCollections),
  q: () => import('./q-aviation-taxes.ts').then((module) => module.aviationTaxes),
  r: () => import('./r-profile-details.ts').then((module) => module.profileDetails),
  s: () => import('./s-transaction.ts').then((module) => module.transaction),
  t: () => import('./t-podcast-search.ts').then((module) => module.podcastSearch),
};

/** The slugs a loader exists for (every registered lookup's lowercase letter). */
export const LOADABLE_SLUGS = Object.keys(lookupLoaders);

/** Loads the lookup with this slug; undefined for a slug no lookup has. */
export async function loadLookupBySlug(slug: string): Promise<AnyLookup | undefined> {
  if (!Object.hasOwn(lookupLoaders, slug)) return undefined;
  return lookupLoaders[slug as keyof LookupLoaders]();
}
