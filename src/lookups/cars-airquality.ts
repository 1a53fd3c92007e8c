// F's second operation: the spec names /v1/airquality and its filters but not its body, so the
// schema follows the provider convention (overall_aqi plus one {concentration, aqi} per pollutant).
import { z } from 'zod';
import { defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { isRecord } from './adapters.ts';
import { textAt } from './error-text.ts';

export const POLLUTANTS = ['CO', 'NO2', 'O3', 'SO2', 'PM2.5', 'PM10'] as const;

const pollutant = z.looseObject({ concentration: z.number(), aqi: z.number().int() });

export const airQualityResponse = z.looseObject({
  overall_aqi: z.number().int(),
  ...(Object.fromEntries(POLLUTANTS.map((name) => [name, pollutant])) as Record<(typeof POLLUTANTS)[number], typeof pollutant>),
});

const airQualityParams = z
  .object({
    lat: param.latitude({ in: 'query', title: 'Latitude', help: 'Latitude of the place, with lon; instead of city.', example: '40.71' }),
    lon: param.longitude({
      in: 'query',
      title: 'Longitude',
      help: 'Longitude of the place, with lat; instead of city.',
      example: '-74.01',
    }),
    city: param.text({
      in: 'query',
      title: 'City',
      help: 'City name, e.g. London; required unless lat and lon are given.',
      example: 'London',
    }),
    state: param.text({
      in: 'query',
      title: 'State',
      help: 'US state (full name or code), to tell apart cities of the same name.',
      example: 'California',
    }),
    country: param.text({
      in: 'query',
      title: 'Country',
      help: 'Country name or two-letter code, to tell apart cities of the same name.',
      example: 'GB',
    }),
  })
  .superRefine((values, ctx) => {
    const hasLat = values.lat !== undefined;
    const hasLon = values.lon !== undefined;
    if (hasLat && !hasLon) ctx.addIssue({ code: 'custom', path: ['lon'], message: 'is required with lat' });
    if (hasLon && !hasLat) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'is required with lon' });
    if (!hasLat && !hasLon && values.city === undefined)
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'is required unless lat and lon are set' });
  });

export const airQualityOperation = defineOperation({
  id: 'airquality',
  label: 'Air quality',
  method: 'GET',
  path: '/v1/airquality',
  format: 'json',
  example: { city: 'London', country: 'GB' },
  params: airQualityParams,
  response: airQualityResponse,
  identity: 'pollutant',
  adapters: {
    // Errors: {error} holding the words.
    errorMessage: (body) => textAt(body, 'error'),
    // One row per pollutant: the body is one object keyed by pollutant name.
    records: (body) =>
      isRecord(body)
        ? POLLUTANTS.filter((name) => isRecord(body[name])).map((name) => ({ pollutant: name, ...(body[name] as Record<string, unknown>) }))
        : undefined,
    label: (record) => (isRecord(record) ? `${String(record.pollutant)}: AQI ${String(record.aqi)}` : ''),
  },
  notes: [
    'The spec does not show this body; it follows the provider convention: overall_aqi and CO, NO2, O3, SO2, PM2.5 and PM10, each {concentration (µg/m³), aqi}.',
    'Either lat with lon, or city, is required (the provider convention); state and country only narrow a city.',
  ],
});
