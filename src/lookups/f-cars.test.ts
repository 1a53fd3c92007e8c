import { describe, expect, it } from 'vitest';
import { carsResponse, cars } from './f-cars.ts';
import { airQualityResponse } from './cars-airquality.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { airQualitySample, carsSample } from './testing/samples/f-cars.sample.ts';

// Transcribed from the spec's table "F. Car (the response is an array of these)".
const spec: SpecField[] = [
  ['[].city_mpg', 'integer'],
  ['[].class', 'string'],
  ['[].combination_mpg', 'integer'],
  ['[].cylinders', 'integer'],
  ['[].displacement', 'number'],
  ['[].drive', 'string'],
  ['[].fuel_type', 'string'],
  ['[].highway_mpg', 'integer'],
  ['[].make', 'string'],
  ['[].model', 'string'],
  ['[].transmission', 'string'],
  ['[].year', 'integer'],
];
// Not in the spec: the provider convention for /v1/airquality. PM2.5 holds a dot, which the
// dot-path helper cannot name, so its object is checked on its own.
const airSpec: SpecField[] = [
  ['overall_aqi', 'integer'],
  ...['CO', 'NO2', 'O3', 'SO2', 'PM10'].flatMap((name): SpecField[] => [
    [`${name}.concentration`, 'number'],
    [`${name}.aqi`, 'integer'],
  ]),
];
const pollutantSpec: SpecField[] = [
  ['concentration', 'number'],
  ['aqi', 'integer'],
];

const [carsOp, airOp] = cars.operations;
const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('F cars', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(carsResponse, spec)).toEqual([]);
    expect(specFieldProblems(airQualityResponse, airSpec)).toEqual([]);
    expect(specFieldProblems(airQualityResponse.shape['PM2.5'], pollutantSpec)).toEqual([]);
  });

  it('parses the sample bodies, keeping unknown fields', () => {
    expect(carsResponse.parse([{ ...carsSample[0], extra: 'x' }])[0]).toMatchObject({ model: 'camry', extra: 'x' });
    expect(airQualityResponse.parse(airQualitySample)).toEqual(airQualitySample);
  });

  it('reports a wrong type at its path', () => {
    const result = carsResponse.safeParse([{ ...carsSample[0], city_mpg: 28.5 }]);
    expect(result.error?.issues[0]?.path).toEqual([0, 'city_mpg']);
    const air = airQualityResponse.safeParse({ ...airQualitySample, 'PM2.5': { concentration: '4', aqi: 19 } });
    expect(air.error?.issues[0]?.path).toEqual(['PM2.5', 'concentration']);
  });

  it('builds both requests with every filter in the query', () => {
    const params = carsOp.params.parse({ make: 'Toyota', cylinders: '4', min_city_mpg: '25', max_city_mpg: '40', limit: '10' });
    expect(params).toMatchObject({ make: 'Toyota', cylinders: '4', min_city_mpg: 25, limit: 10 });
    expect(requestTarget(buildRequest(carsOp, params))).toBe('/v1/cars?make=Toyota&cylinders=4&min_city_mpg=25&max_city_mpg=40&limit=10');
    const air = airOp.params.parse({ lat: '51.5', lon: '-0.12' });
    expect(requestTarget(buildRequest(airOp, air))).toBe('/v1/airquality?lat=51.5&lon=-0.12');
  });

  it('refuses bad parameters with messages per field', () => {
    expect(
      issues(
        carsOp.params.safeParse({
          make: 'audi',
          fuel_type: 'petrol',
          cylinders: '7',
          drive: 'front',
          transmission: 'x',
          limit: '51',
          year: '1950',
        }),
      ),
    ).toEqual({
      fuel_type: 'must be one of gas, diesel, electricity',
      cylinders: 'must be one of 2, 3, 4, 5, 6, 8, 10, 12, 16',
      drive: 'must be one of fwd, rwd, awd, 4wd',
      transmission: 'must be one of m, a',
      limit: 'must be between 1 and 50',
      year: 'must be at least 1984',
    });
    expect(issues(carsOp.params.safeParse({ make: 'audi', min_hwy_mpg: '-1', max_comb_mpg: '2.5' }))).toEqual({
      min_hwy_mpg: 'must be at least 0',
      max_comb_mpg: 'must be a whole number',
    });
  });

  it('requires each maximum mileage to be at least its minimum', () => {
    expect(
      issues(
        carsOp.params.safeParse({
          min_city_mpg: '30',
          max_city_mpg: '20',
          min_hwy_mpg: '30',
          max_hwy_mpg: '30',
          min_comb_mpg: '40',
          max_comb_mpg: '10',
        }),
      ),
    ).toEqual({
      max_city_mpg: 'is below min_city_mpg',
      max_comb_mpg: 'is below min_comb_mpg',
    });
  });

  it('requires at least one filter besides limit, reported on make', () => {
    expect(issues(carsOp.params.safeParse({ limit: '5' }))).toEqual({ make: 'is required unless another filter besides limit is set' });
    expect(carsOp.params.safeParse({ max_hwy_mpg: '30' }).success).toBe(true);
  });

  it('requires lat with lon, or a city, for air quality', () => {
    expect(issues(airOp.params.safeParse({}))).toEqual({ city: 'is required unless lat and lon are set' });
    expect(issues(airOp.params.safeParse({ lat: '51.5' }))).toEqual({ lon: 'is required with lat' });
    expect(issues(airOp.params.safeParse({ lon: '-0.1', city: 'London' }))).toEqual({ lat: 'is required with lon' });
    expect(issues(airOp.params.safeParse({ lat: '91', lon: '0' }))).toEqual({ lat: 'must be between -90 and 90' });
    expect(airOp.params.safeParse({ city: 'Paris', country: 'FR' }).success).toBe(true);
  });

  it('reads cars as records, with a paging line that tells when the limit was reached', () => {
    const { records, paging, label } = carsOp.adapters;
    expect(records(carsSample)).toEqual(carsSample);
    expect(records({ error: 'bad' })).toBeUndefined();
    expect(label(carsSample[0])).toBe('2022 toyota camry');
    expect(paging(carsSample, { make: 'toyota' })).toEqual({ summary: '1 car' });
    expect(paging(carsSample, { make: 'toyota', limit: 1 })?.summary).toBe('1 car; the limit of 1 was reached, more cars may match');
    const five = Array.from({ length: 5 }, () => carsSample[0]);
    expect(paging(five, { make: 'toyota' })?.summary).toBe('5 cars; the limit of 5 was reached, more cars may match');
  });

  it('reads air quality as one record per pollutant', () => {
    const rows = airOp.adapters.records(airQualitySample)!;
    expect(rows.map((row) => (row as { pollutant: string }).pollutant)).toEqual(['CO', 'NO2', 'O3', 'SO2', 'PM2.5', 'PM10']);
    expect(rows[4]).toEqual({ pollutant: 'PM2.5', concentration: 4.5, aqi: 19 });
    expect(airOp.adapters.label(rows[0])).toBe('CO: AQI 2');
  });
});
