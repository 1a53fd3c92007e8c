// One demo generator per lookup; `satisfies` makes a missing generator, or one typed for another
// lookup, a type error.
import type { LookupId, lookups } from '../lookups/registry.ts';
import type { DemoGenerator, DemoGeneratorFor } from './demo-types.ts';
import { movieDemo } from './a-movie.ts';
import { chargingStationsDemo } from './b-charging-stations.ts';
import { companyAddressDemo } from './c-company-address.ts';
import { propertyDetailDemo } from './d-property-detail.ts';
import { mapCellDemo } from './e-map-cell.ts';
import { carsDemo } from './f-cars.ts';
import { propertyMortgageDemo } from './g-property-mortgage.ts';
import { sexOffendersDemo } from './h-sex-offenders.ts';
import { currencyTimeseriesDemo } from './i-currency-timeseries.ts';
import { digitalInsightsDemo } from './j-digital-insights.ts';
import { airplanesDemo } from './k-airplanes.ts';
import { crimeIncidentsDemo } from './l-crime-incidents.ts';
import { callsForServiceDemo } from './m-calls-for-service.ts';
import { financialIdentifierDemo } from './n-financial-identifier.ts';
import { prospectingDemo } from './o-prospecting.ts';
import { nftCollectionsDemo } from './p-nft-collections.ts';
import { aviationTaxesDemo } from './q-aviation-taxes.ts';
import { profileDetailsDemo } from './r-profile-details.ts';
import { transactionDemo } from './s-transaction.ts';
import { podcastSearchDemo } from './t-podcast-search.ts';

const typedGenerators = {
  A: movieDemo,
  B: chargingStationsDemo,
  C: companyAddressDemo,
  D: propertyDetailDemo,
  E: mapCellDemo,
  F: carsDemo,
  G: propertyMortgageDemo,
  H: sexOffendersDemo,
  I: currencyTimeseriesDemo,
  J: digitalInsightsDemo,
  K: airplanesDemo,
  L: crimeIncidentsDemo,
  M: callsForServiceDemo,
  N: financialIdentifierDemo,
  O: prospectingDemo,
  P: nftCollectionsDemo,
  Q: aviationTaxesDemo,
  R: profileDetailsDemo,
  S: transactionDemo,
  T: podcastSearchDemo,
} as const satisfies { [K in LookupId]: DemoGeneratorFor<(typeof lookups)[K]> };

/** The generators as the server calls them (see DemoGenerator). */
export const demoGenerators: Readonly<Record<LookupId, DemoGenerator>> = typedGenerators;
