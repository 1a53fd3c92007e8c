// Demo upstream for K: the directory of k-airplanes-fleet.ts filtered by every parameter that is
// set (AND, without regard to case); nothing matched is the provider's HTTP 200 "No Record Found".
import { NO_RECORD_FOUND } from '../lookups/aviation-provider.ts';
import { airplanes } from '../lookups/k-airplanes.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { demoFleet, type DemoAirplane } from './k-airplanes-fleet.ts';

const FILTERS = ['numberRegistration', 'hexIcaoAirplane', 'codeIataAirline'] as const;

/** The provider's "No Record Found": HTTP 200 with success:false. */
const noRecordFound = () => providerError(200, NO_RECORD_FOUND);

export const airplanesDemo = defineDemo(airplanes, ({ params }) => {
  const wanted = FILTERS.flatMap((field) => {
    const value = params[field]?.trim();
    return value ? [[field, value.toUpperCase()] as const] : [];
  });
  if (wanted.length === 0) return noRecordFound();
  const matches = demoFleet().filter((plane: DemoAirplane) => wanted.every(([field, value]) => plane[field].toUpperCase() === value));
  return matches.length > 0 ? json(matches) : noRecordFound();
});
