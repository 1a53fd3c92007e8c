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

/** Radii a person would pick, per decade of the form's unit: 1, 1.5, 2, 2.5, 3, 4, 5, 7.5 (then 10…). */
const RUNGS = [1, 1.5, 2, 2.5, 3, 4, 5, 7.5] as const;
/** The smallest radius stepping goes to, in the form's unit. */
const MIN_STEPPED = 0.1;
/** The largest circle that means anything: half the Earth's circumference. */
const MAX_RADIUS_METRES = 20_000_000;

const decadeOf = (value: number) => 10 ** Math.floor(Math.log10(value) + 1e-9);

/** The next radius a person would pick above (or below) `value`, in the same unit. */
export function nextRung(value: number, direction: 1 | -1): number {
  const decade = decadeOf(value);
  const rungs = RUNGS.map((rung) => Number((rung * decade).toPrecision(12)));
  if (direction > 0) return rungs.find((rung) => rung > value * (1 + 1e-9)) ?? Number((10 * decade).toPrecision(12));
  return rungs.findLast((rung) => rung < value * (1 - 1e-9)) ?? Number((0.75 * decade).toPrecision(12));
}

/** The radius the form holds, in its unit: the distance's (mi, km, ft, m), or B's metres. */
export function radiusInFormUnit(
  operation: Operation,
  values: FormValues,
): { value: number; unit: string; metresPerUnit: number; max: number } | undefined {
  const search = operation.locationSearch;
  const circle = searchCircle(search, values);
  if (!search || !circle) return undefined;
  const unit = search.kind === 'prox' ? 'm' : distanceUnit(values[search.distance], operation.example[search.distance]);
  const metresPerUnit = DISTANCE_UNIT_METRES[unit];
  const maxMetres = Math.min(
    search.kind === 'prox' ? (maxRadius(operation, search.param) ?? MAX_RADIUS_METRES) : MAX_RADIUS_METRES,
    MAX_RADIUS_METRES,
  );
  return { value: circle.radiusMetres / metresPerUnit, unit, metresPerUnit, max: maxMetres / metresPerUnit };
}

/**
 * Form values with the radius `steps` rungs larger (or smaller): the keyboard's way to resize the
 * circle. A rung the form's rounding cannot tell from the last (B's whole tens of metres) is skipped;
 * undefined when the radius cannot move further that way (or there is no circle yet).
 */
export function steppedRadius(operation: Operation, values: FormValues, steps: number): FormValues | undefined {
  const search = operation.locationSearch;
  const circle = searchCircle(search, values);
  const radius = radiusInFormUnit(operation, values);
  if (!search || !circle || !radius || steps === 0) return undefined;
  const direction = steps > 0 ? 1 : -1;
  let value = radius.value;
  let last = circle.radiusMetres;
  let moved = 0;
  let result: FormValues | undefined;
  // Bounded: from the largest radius to the smallest is under 100 rungs.
  for (let rung = 0; rung < 100 && moved < Math.abs(steps); rung += 1) {
    value = Math.min(Math.max(nextRung(value, direction), MIN_STEPPED), radius.max);
    const next = valuesFromCircle(operation, values, { ...circle, radiusMetres: value * radius.metresPerUnit });
    const metres = searchCircle(search, next)?.radiusMetres;
    if (metres !== undefined && (direction > 0 ? metres > last : metres < last)) {
      moved += 1;
      last = metres;
      result = next;
    }
    if (value === MIN_STEPPED || value === radius.max) break;
  }
  return result;
}

/** The radius a new point gets when nothing is typed yet: the example's, else 5 km. */
export function defaultRadius(operation: Operation): number {
  return searchCircle(operation.locationSearch, operation.example)?.radiusMetres ?? 5000;
}
