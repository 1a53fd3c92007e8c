// Demo upstream for K: the directory of k-airplanes-fleet.ts filtered by every parameter that is
// set (AND, without regard to case); nothing matched is the provider's HTTP 200 "No Record Found".
import { NO_RECORD_FOUND } from '../lookups/k-q-aviation.ts';
import { json, type DemoGenerator } from './demo-types.ts';
import { demoFleet, type DemoAirplane } from './k-airplanes-fleet.ts';

const FILTERS = ['numberRegistration', 'hexIcaoAirplane', 'codeIataAirline'] as const;

export const airplanesDemo: DemoGenerator = ({ params }) => {
  const wanted = FILTERS.flatMap((field) => {
    const value = params[field];
    return typeof value === 'string' && value.trim() !== '' ? [[field, value.trim().toUpperCase()] as const] : [];
  });
  if (wanted.length === 0) return json(NO_RECORD_FOUND);
  const matches = demoFleet().filter((plane: DemoAirplane) => wanted.every(([field, value]) => plane[field].toUpperCase() === value));
  return json(matches.length > 0 ? matches : NO_RECORD_FOUND);
};
