// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cars, carsResponse } from '../lookups/f-cars.ts';
import { airQualityResponse } from '../lookups/cars-airquality.ts';
import { carsDemo } from './f-cars.ts';
import { demoCars, type DemoCar } from './f-cars-models.ts';
import { aqiOf } from './f-cars-airquality.ts';
import { demoAsker } from './testing/ask-demo.ts';

const [carsOp, airOp] = cars.operations;
const ask = demoAsker(carsDemo, cars);
const call = (operation: typeof carsOp | typeof airOp, values: Record<string, string>) => ask(values, { operation });
const find = (values: Record<string, string>) => {
  const response = call(carsOp, values);
  expect(response.status).toBe(200);
  expect(carsResponse.safeParse(response.body).success).toBe(true);
  return response.body as DemoCar[];
};

describe('F cars demo', () => {
  it('answers each operation example with records the schema accepts', () => {
    for (const operation of cars.operations) {
      const response = call(operation, operation.example);
      expect(response.status).toBe(200);
      expect(operation.response.safeParse(response.body).success).toBe(true);
      expect(operation.adapters.records(response.body)?.length).toBeGreaterThan(0);
    }
  });

  it('holds a fixed fleet of a few hundred valid cars covering every enum value', () => {
    const fleet = demoCars();
    expect(fleet.length).toBeGreaterThanOrEqual(200);
    expect(fleet.length).toBeLessThan(1000);
    expect(carsResponse.safeParse(fleet).success).toBe(true);
    for (const cylinders of [2, 3, 4, 5, 6, 8, 10, 12, 16]) expect(fleet.some((car) => car.cylinders === cylinders)).toBe(true);
    for (const fuel of ['gas', 'diesel', 'electricity']) expect(fleet.some((car) => car.fuel_type === fuel)).toBe(true);
    for (const drive of ['fwd', 'rwd', 'awd', '4wd']) expect(fleet.some((car) => car.drive === drive)).toBe(true);
  });

  it('returns 5 cars by default and honours limit up to 50', () => {
    expect(find({ fuel_type: 'gas' })).toHaveLength(5);
    expect(find({ fuel_type: 'gas', limit: '1' })).toHaveLength(1);
    expect(find({ fuel_type: 'gas', limit: '50' })).toHaveLength(50);
  });

  it('matches make exactly and model by part, both without regard to case', () => {
    const toyotas = find({ make: 'TOYOTA', limit: '50' });
    expect(toyotas.length).toBeGreaterThan(5);
    expect(toyotas.every((car) => car.make === 'toyota')).toBe(true);
    const rav4 = find({ model: 'RAV4', limit: '50' });
    expect(new Set(rav4.map((car) => car.model))).toEqual(new Set(['rav4', 'rav4 hybrid']));
    expect(find({ make: 'toyo' })).toEqual([]);
  });

  it('honours each enum filter and the year', () => {
    const checks: Array<[Record<string, string>, (car: DemoCar) => boolean]> = [
      [{ fuel_type: 'diesel' }, (car) => car.fuel_type === 'diesel'],
      [{ fuel_type: 'electricity' }, (car) => car.fuel_type === 'electricity' && car.cylinders === 0],
      [{ drive: '4wd' }, (car) => car.drive === '4wd'],
      [{ cylinders: '12' }, (car) => car.cylinders === 12],
      [{ cylinders: '5' }, (car) => car.cylinders === 5],
      [{ transmission: 'm' }, (car) => car.transmission === 'm'],
      [{ year: '2018' }, (car) => car.year === 2018],
      [
        { make: 'ford', drive: 'awd', transmission: 'a', year: '2022' },
        (car) => car.make === 'ford' && car.drive === 'awd' && car.year === 2022,
      ],
    ];
    for (const [filters, test] of checks) {
      const found = find({ ...filters, limit: '50' });
      expect(found.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(found.every(test), JSON.stringify(filters)).toBe(true);
    }
  });

  it('bounds city, highway and combined mileage inclusively', () => {
    const city = find({ min_city_mpg: '30', max_city_mpg: '33', limit: '50' });
    expect(city.length).toBeGreaterThan(0);
    expect(city.every((car) => car.city_mpg >= 30 && car.city_mpg <= 33)).toBe(true);
    const highway = find({ min_hwy_mpg: '100', limit: '50' });
    expect(highway.length).toBeGreaterThan(0);
    expect(highway.every((car) => car.highway_mpg >= 100 && car.fuel_type === 'electricity')).toBe(true);
    const combined = find({ max_comb_mpg: '12', limit: '50' });
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.every((car) => car.combination_mpg <= 12)).toBe(true);
    expect(find({ min_comb_mpg: '20', max_comb_mpg: '20', limit: '50' }).every((car) => car.combination_mpg === 20)).toBe(true);
  });

  it('answers a filter that matches nothing with an empty array', () => {
    expect(find({ make: 'bugatti', fuel_type: 'electricity' })).toEqual([]);
  });

  it('refuses a request with no filter, as the provider does, when a client skips the form', () => {
    const response = carsDemo({ lookup: cars, operation: carsOp, params: { limit: 5 }, requestId: 'test' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'At least one parameter other than limit must be set.' });
  });

  it('is deterministic', () => {
    const values = { make: 'bmw', limit: '20' };
    expect(JSON.stringify(call(carsOp, values).body)).toBe(JSON.stringify(call(carsOp, values).body));
    expect(JSON.stringify(call(airOp, { city: 'Berlin' }).body)).toBe(JSON.stringify(call(airOp, { city: 'Berlin' }).body));
  });
});

describe('F air quality demo', () => {
  const air = (values: Record<string, string>) => {
    const response = call(airOp, values);
    expect(response.status).toBe(200);
    expect(airQualityResponse.safeParse(response.body).success).toBe(true);
    return response.body as Record<string, { concentration: number; aqi: number }> & { overall_aqi: number };
  };

  it('differs per place and ignores case in names', () => {
    expect(air({ city: 'london', country: 'gb' })).toEqual(air({ city: 'London', country: 'GB' }));
    expect(air({ city: 'London' })).not.toEqual(air({ city: 'Paris' }));
    expect(air({ lat: '48.85', lon: '2.35' })).not.toEqual(air({ lat: '40.71', lon: '-74.01' }));
  });

  it('gives each pollutant the AQI of its concentration and the overall AQI as their maximum', () => {
    const body = air({ lat: '35.68', lon: '139.69' });
    const names = ['CO', 'NO2', 'O3', 'SO2', 'PM2.5', 'PM10'] as const;
    for (const name of names) expect(body[name]!.aqi).toBe(aqiOf(name, body[name]!.concentration));
    expect(body.overall_aqi).toBe(Math.max(...names.map((name) => body[name]!.aqi)));
  });

  it('computes AQI on the EPA breakpoints', () => {
    expect(aqiOf('PM2.5', 12)).toBe(50);
    expect(aqiOf('PM2.5', 35.4)).toBe(100);
    expect(aqiOf('PM10', 0)).toBe(0);
    expect(aqiOf('O3', 10_000)).toBe(500);
  });

  it('refuses a request naming no place', () => {
    const response = carsDemo({ lookup: cars, operation: airOp, params: { country: 'GB' }, requestId: 'test' });
    expect(response.status).toBe(400);
  });
});
