// Demo upstream for F: the fixed fleet of f-cars-models.ts filtered by every parameter, and air
// quality per place.
import type { ParamsOf } from '../lookups/define-lookup.ts';
import { type DemoOperationGenerator, defineDemo } from './demo-types.ts';
import { cars } from '../lookups/f-cars.ts';
import { CAR_DEFAULT_LIMIT } from '../lookups/f-cars.ts';
import { byOperation, json, providerError } from './demo-types.ts';
import { demoCars, type DemoCar } from './f-cars-models.ts';
import { airQualityDemo } from './f-cars-airquality.ts';

type Test = (car: DemoCar) => boolean;

type CarsOperation = (typeof cars)['operations'][0];
type CarsParams = ParamsOf<CarsOperation>;

const text = (value: string | undefined) => value?.trim().toLowerCase();

/** One test per parameter that is set; a car must pass them all. */
function carTests(params: CarsParams): Test[] {
  const tests: Test[] = [];
  const add = <T>(value: T | undefined, test: (value: T, car: DemoCar) => boolean) => {
    if (value !== undefined) tests.push((car) => test(value, car));
  };
  add(text(params.make), (make, car) => car.make === make);
  add(text(params.model), (model, car) => car.model.includes(model));
  add(text(params.fuel_type), (fuel, car) => car.fuel_type === fuel);
  add(text(params.drive), (drive, car) => car.drive === drive);
  // Cylinders are an enum of their text ("4"), compared as the number they name.
  add(params.cylinders === undefined ? undefined : Number(params.cylinders), (cylinders, car) => car.cylinders === cylinders);
  add(text(params.transmission), (transmission, car) => car.transmission === transmission);
  add(params.year, (year, car) => car.year === year);
  add(params.min_city_mpg, (min, car) => car.city_mpg >= min);
  add(params.max_city_mpg, (max, car) => car.city_mpg <= max);
  add(params.min_hwy_mpg, (min, car) => car.highway_mpg >= min);
  add(params.max_hwy_mpg, (max, car) => car.highway_mpg <= max);
  add(params.min_comb_mpg, (min, car) => car.combination_mpg >= min);
  add(params.max_comb_mpg, (max, car) => car.combination_mpg <= max);
  return tests;
}

const carsDemoAnswer: DemoOperationGenerator<CarsOperation> = ({ params }) => {
  const tests = carTests(params);
  if (tests.length === 0) return providerError(400, { error: 'At least one parameter other than limit must be set.' });
  const limit = params.limit ?? CAR_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) return providerError(400, { error: 'limit must be between 1 and 50.' });
  const matches: DemoCar[] = [];
  for (const car of demoCars()) {
    if (tests.every((test) => test(car))) matches.push(car);
    if (matches.length === limit) break;
  }
  return json(matches);
};

export const carsDemo = defineDemo(cars, byOperation<typeof cars>({ cars: carsDemoAnswer, airquality: airQualityDemo }));
