// The search circle of B (prox "lat,lon,radius") and L/M (lat, lon, distance with a unit), read
// from parameters or form text, and written back into form text when the picker moves it.
import type { LocationSearch, Operation } from '../lookups/define-lookup.ts';
import { toNumber } from '../lookups/adapters.ts';
import { DISTANCE_UNIT_METRES, distanceToMetres, paramMeta, parseProx, type DistanceUnit } from '../lookups/param.ts';
import type { FormValues } from '../form/form-values.ts';

export interface SearchCircle {
  lat: number;
  lon: number;
  radiusMetres: number;
}

const UNIT_OF = /(mi|km|ft|m)\s*$/;

function validCircle(lat: number | undefined, lon: number | undefined, radius: number | undefined): SearchCircle | undefined {
  if (lat === undefined || lon === undefined || radius === undefined) return undefined;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180 || !(radius > 0)) return undefined;
  return { lat, lon, radiusMetres: radius };
}

/** The circle the values describe; undefined while they are incomplete or invalid. */
export function searchCircle(search: LocationSearch | undefined, values: Readonly<Record<string, unknown>>): SearchCircle | undefined {
  if (!search) return undefined;
  if (search.kind === 'prox') {
    const raw = values[search.param];
    const prox = typeof raw === 'string' ? parseProx(raw) : undefined;
    return prox && validCircle(prox.lat, prox.lon, prox.radius);
  }
  const distance = values[search.distance];
  const metres = typeof distance === 'string' ? distanceToMetres(distance) : undefined;
  return validCircle(toNumber(values[search.lat]), toNumber(values[search.lon]), metres);
}

/** The unit the user typed, else the example's, else kilometres. */
export function distanceUnit(text: string | undefined, fallback: string | undefined): DistanceUnit {
  const match = UNIT_OF.exec(text ?? '') ?? UNIT_OF.exec(fallback ?? '');
  return (match?.[1] as DistanceUnit | undefined) ?? 'km';
}

/** Rounds to what a person would type: 2 decimals below 10, 1 below 100, whole numbers above. */
function tidy(value: number): string {
  const decimals = value < 10 ? 2 : value < 100 ? 1 : 0;
  return String(Number(value.toFixed(decimals)));
}

export function formatDistance(metres: number, unit: DistanceUnit): string {
  return `${tidy(Math.max(metres / DISTANCE_UNIT_METRES[unit], 0.01))}${unit}`;
}

/** Five decimals of a degree is about one metre: finer than any click. */
export const roundCoordinate = (degrees: number) => Number(degrees.toFixed(5));

/** B's radius in whole metres: to 10 m below a kilometre, to 100 m above. */
export function roundRadius(metres: number): number {
  const step = metres < 1000 ? 10 : 100;
  return Math.max(step, Math.round(metres / step) * step);
}

/** The largest radius the operation's prox parameter accepts, when it declares one. */
function maxRadius(operation: Operation, param: string): number | undefined {
  const field = operation.params.shape[param];
  return field ? paramMeta(field as never)?.max : undefined;
}

/** Form values after the picker set a point and radius; other fields are kept as typed. */
export function valuesFromCircle(operation: Operation, values: FormValues, circle: SearchCircle): FormValues {
  const search = operation.locationSearch;
  if (!search) return values;
  const lat = roundCoordinate(circle.lat);
  const lon = roundCoordinate(circle.lon);
  if (search.kind === 'prox') {
    const limit = maxRadius(operation, search.param) ?? Infinity;
    const radius = Math.min(roundRadius(circle.radiusMetres), limit);
    return { ...values, [search.param]: `${lat},${lon},${radius}` };
  }
  const unit = distanceUnit(values[search.distance], operation.example[search.distance]);
  return { ...values, [search.lat]: String(lat), [search.lon]: String(lon), [search.distance]: formatDistance(circle.radiusMetres, unit) };
}

/** The radius a new point gets when nothing is typed yet: the example's, else 5 km. */
export function defaultRadius(operation: Operation): number {
  return searchCircle(operation.locationSearch, operation.example)?.radiusMetres ?? 5000;
}
