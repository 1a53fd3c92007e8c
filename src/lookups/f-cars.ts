import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import type { PageInfo, Params } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord, plural, unsetParams } from './adapters.ts';
import { airQualityOperation } from './cars-airquality.ts';
import { textAt } from './error-text.ts';

export const carResponse = z.looseObject({
  city_mpg: z.number().int(),
  class: z.string(),
  combination_mpg: z.number().int(),
  cylinders: z.number().int(),
  displacement: z.number(),
  drive: z.string(),
  fuel_type: z.string(),
  highway_mpg: z.number().int(),
  make: z.string(),
  model: z.string(),
  transmission: z.string(),
  year: z.number().int(),
});
export const carsResponse = z.array(carResponse);

export const CAR_DEFAULT_LIMIT = 5;
export const MILEAGE_BOUNDS = [
  ['min_city_mpg', 'max_city_mpg'],
  ['min_hwy_mpg', 'max_hwy_mpg'],
  ['min_comb_mpg', 'max_comb_mpg'],
] as const;
const FILTERS = ['make', 'model', 'fuel_type', 'drive', 'cylinders', 'transmission', 'year', ...MILEAGE_BOUNDS.flat()];
/** The largest limit the form allows. */
export const CAR_MAX_LIMIT = 50;

/**
 * `limit` caps the answer and the spec gives no offset, so there are no neighbouring pages: when
 * the cap is reached the bar offers the largest limit (one click), then the filters still unset.
 */
export function carsPaging(body: unknown, params: Params): PageInfo | undefined {
  const cars = arrayAt(body);
  if (!cars) return undefined;
  const limit = typeof params.limit === 'number' ? params.limit : CAR_DEFAULT_LIMIT;
  if (cars.length < limit) return { summary: plural(cars.length, 'car') };
  const free = unsetParams(params, FILTERS);
  return {
    summary: `${plural(cars.length, 'car')}; the limit of ${limit} was reached, more cars may match`,
    narrowing: {
      reason: 'The spec gives F no offset or page parameter: cars past the limit cannot be fetched.',
      advice:
        limit < CAR_MAX_LIMIT
          ? `Raise the limit (up to ${CAR_MAX_LIMIT}), or add filters.`
          : `Add filters${free.length > 0 ? `: ${free.join(', ')}` : ' or narrow the mileage bounds'}.`,
      ...(limit < CAR_MAX_LIMIT && {
        resend: { label: `Raise the limit to ${CAR_MAX_LIMIT}`, params: { ...params, limit: CAR_MAX_LIMIT } },
      }),
    },
  };
}

const mileage = (bound: 'min' | 'max', words: string) =>
  param.integer({
    in: 'query',
    title: `${bound === 'min' ? 'Minimum' : 'Maximum'} ${words} mileage`,
    help: `${bound === 'min' ? 'Lowest' : 'Highest'} ${words} fuel economy in miles per gallon (MPGe for electric cars), inclusive.`,
    min: 0,
    example: bound === 'min' ? '25' : '40',
  });

const carsParams = z
  .object({
    make: param.text({ in: 'query', title: 'Make', help: 'Manufacturer, e.g. toyota (case-insensitive).', example: 'toyota' }),
    model: param.text({ in: 'query', title: 'Model', help: 'Model name or part of it, e.g. camry (case-insensitive).', example: 'camry' }),
    fuel_type: param.enum({ in: 'query', title: 'Fuel type', help: 'Fuel the car runs on.', options: ['gas', 'diesel', 'electricity'] }),
    drive: param.enum({
      in: 'query',
      title: 'Drive',
      help: 'Drive train: front, rear, all or four-wheel drive.',
      options: ['fwd', 'rwd', 'awd', '4wd'],
    }),
    cylinders: param.enum({
      in: 'query',
      title: 'Cylinders',
      help: 'Number of engine cylinders.',
      options: ['2', '3', '4', '5', '6', '8', '10', '12', '16'],
    }),
    transmission: param.enum({ in: 'query', title: 'Transmission', help: 'm for manual, a for automatic.', options: ['m', 'a'] }),
    year: param.integer({ in: 'query', title: 'Model year', help: 'Model year of the car, e.g. 2020.', min: 1984, example: '2020' }),
    min_city_mpg: mileage('min', 'city'),
    max_city_mpg: mileage('max', 'city'),
    min_hwy_mpg: mileage('min', 'highway'),
    max_hwy_mpg: mileage('max', 'highway'),
    min_comb_mpg: mileage('min', 'combined'),
    max_comb_mpg: mileage('max', 'combined'),
    limit: param.integer({
      in: 'query',
      title: 'Limit',
      help: 'How many cars to return, 1 to 50.',
      min: 1,
      max: CAR_MAX_LIMIT,
      defaultHint: String(CAR_DEFAULT_LIMIT),
    }),
  })
  .superRefine((values, ctx) => {
    for (const [min, max] of MILEAGE_BOUNDS) {
      const low = values[min];
      const high = values[max];
      if (low !== undefined && high !== undefined && high < low) ctx.addIssue({ code: 'custom', path: [max], message: `is below ${min}` });
    }
    if (!FILTERS.some((name) => values[name as keyof typeof values] !== undefined))
      ctx.addIssue({ code: 'custom', path: ['make'], message: 'is required unless another filter besides limit is set' });
  });

const carsOperation = defineOperation({
  id: 'cars',
  label: 'Cars',
  method: 'GET',
  path: '/v1/cars',
  format: 'json',
  example: { make: 'toyota', fuel_type: 'gas', limit: '10' },
  params: carsParams,
  response: carsResponse,
  identity: ['make', 'model', 'year', 'class', 'drive', 'transmission', 'fuel_type', 'cylinders', 'displacement'],
  adapters: {
    // Errors: {error} holding the words.
    errorMessage: (body) => textAt(body, 'error'),
    records: (body) => arrayAt(body),
    paging: (body, params) => carsPaging(body, params),
    label: (record) => (isRecord(record) ? `${String(record.year)} ${String(record.make)} ${String(record.model)}` : ''),
  },
  notes: [
    'Mileage bounds, year and limit are whole numbers; make and model match without regard to case, and model matches a part of the name.',
    'limit defaults to 5 and allows 1 to 50, as such car-data APIs do; at least one filter besides limit is required.',
  ],
});

export const cars = defineLookup({
  id: 'F',
  title: 'Car specifications',
  keywords: [
    'cars',
    'vehicles',
    'vehicle',
    'automobile',
    'fuel economy',
    'mpg',
    'mileage',
    'air quality',
    'pollution',
    'emissions',
    'ev',
    'electric car',
  ],
  catalog: {
    subject: 'Car specifications, filtered by make, model, mileage and more',
    coverage: 'coverage statement for this lookup: none',
    version: 'path prefix /v1',
    price: 'monthly from $9; one-time from $99',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [carsOperation, airQualityOperation],
  notes: [
    'The spec gives no key parameter for F; api_key is the default and providers of this kind often want the header X-Api-Key, which the server configuration can set.',
  ],
});
