// Demo upstream for F: the fixed fleet of f-cars-models.ts filtered by every parameter, and air
// quality per place.
import type { Params } from '../lookups/define-lookup.ts';
import { CAR_DEFAULT_LIMIT } from '../lookups/f-cars.ts';
import { json, type DemoGenerator } from './demo-types.ts';
import { demoCars, type DemoCar } from './f-cars-models.ts';
import { airQualityDemo } from './f-cars-airquality.ts';

type Test = (car: DemoCar) => boolean;

const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : undefined);
const whole = (value: unknown) => (value === undefined ? undefined : Number(value));

/** One test per parameter that is set; a car must pass them all. */
function carTests(params: Params): Test[] {
  const tests: Test[] = [];
  const add = <T>(value: T | undefined, test: (value: T, car: DemoCar) => boolean) => {
    if (value !== undefined) tests.push((car) => test(value, car));
  };
  add(text(params.make), (make, car) => car.make === make);
  add(text(params.model), (model, car) => car.model.includes(model));
  add(text(params.fuel_type), (fuel, car) => car.fuel_type === fuel);
  add(text(params.drive), (drive, car) => car.drive === drive);
  add(whole(params.cylinders), (cylinders, car) => car.cylinders === cylinders);
  add(text(params.transmission), (transmission, car) => car.transmission === transmission);
  add(whole(params.year), (year, car) => car.year === year);
  add(whole(params.min_city_mpg), (min, car) => car.city_mpg >= min);
  add(whole(params.max_city_mpg), (max, car) => car.city_mpg <= max);
  add(whole(params.min_hwy_mpg), (min, car) => car.highway_mpg >= min);
  add(whole(params.max_hwy_mpg), (max, car) => car.highway_mpg <= max);
  add(whole(params.min_comb_mpg), (min, car) => car.combination_mpg >= min);
  add(whole(params.max_comb_mpg), (max, car) => car.combination_mpg <= max);
  return tests;
}

function carsDemoAnswer(params: Params) {
  const tests = carTests(params);
  if (tests.length === 0) return json({ error: 'At least one parameter other than limit must be set.' }, 400);
  const limit = whole(params.limit) ?? CAR_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) return json({ error: 'limit must be between 1 and 50.' }, 400);
  const matches: DemoCar[] = [];
  for (const car of demoCars()) {
    if (tests.every((test) => test(car))) matches.push(car);
    if (matches.length === limit) break;
  }
  return json(matches);
}

export const carsDemo: DemoGenerator = ({ operation, params }) =>
  operation.id === 'airquality' ? airQualityDemo(params) : carsDemoAnswer(params);
