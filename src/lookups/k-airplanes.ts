import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord } from './adapters.ts';
import { aviationSuccess } from './aviation-provider.ts';
import { firstTextAt } from './error-text.ts';

export const AIRPLANE_FIELDS = [
  'airplaneId',
  'numberRegistration',
  'productionLine',
  'airplaneIataType',
  'planeModel',
  'modelCode',
  'hexIcaoAirplane',
  'codeIataPlaneShort',
  'codeIataPlaneLong',
  'constructionNumber',
  // Spelled so by the provider (and the spec).
  'numberTestRgistration',
  'rolloutDate',
  'firstFlight',
  'deliveryDate',
  'registrationDate',
  'lineNumber',
  'planeSeries',
  'codeIataAirline',
  'codeIcaoAirline',
  'planeOwner',
  'enginesCount',
  'enginesType',
  'planeAge',
  'planeStatus',
] as const;

/** The spec's "zero date", which it allows for rolloutDate only. */
export const ZERO_DATE = '0000-00-00';
/** firstFlight, deliveryDate and registrationDate: ISO 8601 UTC date-times, as the spec says. */
const dateTime = z.iso.datetime({ offset: false });

/** Every value is a string, dates and counts included; the dates are checked as the spec gives them. */
export const airplaneResponse = z.looseObject({
  ...(Object.fromEntries(AIRPLANE_FIELDS.map((field) => [field, z.string()])) as Record<(typeof AIRPLANE_FIELDS)[number], z.ZodString>),
  rolloutDate: z.union([dateTime, z.literal(ZERO_DATE)]),
  firstFlight: dateTime,
  deliveryDate: dateTime,
  registrationDate: dateTime,
});
export const airplanesResponse = z.array(airplaneResponse);

const params = z
  .object({
    numberRegistration: param.text({
      in: 'query',
      title: 'Registration',
      help: 'Registration number issued by the aviation authority, e.g. D-AIBX or N101NN.',
      maxLength: 12,
      example: 'D-AIBX',
    }),
    hexIcaoAirplane: param.text({
      in: 'query',
      title: 'ICAO hex code',
      help: "The airplane's 24-bit ICAO address as six hexadecimal digits, e.g. 3EC803.",
      pattern: /^[0-9A-Fa-f]{6}$/,
      patternMessage: 'must be six hexadecimal digits, like 3C6701',
      example: '3EC803',
    }),
    codeIataAirline: param.text({
      in: 'query',
      title: 'Airline IATA code',
      help: 'Two-character IATA code of the operating airline, e.g. LH.',
      pattern: /^[A-Za-z0-9]{2}$/,
      patternMessage: 'must be a two-character IATA airline code, like LH',
      example: 'LH',
    }),
  })
  .superRefine((values, ctx) => {
    if (values.numberRegistration === undefined && values.hexIcaoAirplane === undefined && values.codeIataAirline === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['numberRegistration'],
        message: 'is required unless hexIcaoAirplane or codeIataAirline is set',
      });
  });

export const airplanes = defineLookup({
  id: 'K',
  title: 'Airplane directory',
  keywords: ['flights', 'flight', 'aircraft', 'aviation', 'airline', 'planes', 'tail number', 'registration'],
  catalog: {
    subject: 'Directory of registered airplanes',
    coverage: 'global',
    version: 'path prefix /v2',
    price: 'monthly from $149; yearly from $1610; one-time from $39',
    trial: 'discounted',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'airplanes',
      label: 'Airplanes',
      method: 'GET',
      path: '/v2/public/airplaneDatabase',
      format: 'json',
      example: { codeIataAirline: 'LH' },
      params,
      response: airplanesResponse,
      identity: 'airplaneId',
      table: { keyColumns: ['numberRegistration', 'planeModel', 'planeOwner', 'registrationDate', 'codeIataAirline', 'planeStatus'] },
      adapters: {
        // Errors: {success:false, error} with error a text or {text|info|message}.
        errorMessage: (body) => firstTextAt(body, ['error', 'error.text', 'error.info', 'error.message']),
        success: aviationSuccess,
        records: (body) => arrayAt(body),
        label: (record) => (isRecord(record) ? `${String(record.numberRegistration)} · ${String(record.planeModel)}` : ''),
      },
      notes: [
        'At least one filter is required; filters combine (AND). Codes match without regard to case.',
        'No match answers HTTP 200 with {success:false, error} ("No Record Found"), the provider convention.',
        'firstFlight, deliveryDate and registrationDate are ISO 8601 UTC date-times; only rolloutDate may be the zero date 0000-00-00, as the spec says, and the schema check flags anything else. The demo counts planeAge in whole years to its clock, 2026-11-01.',
      ],
    }),
  ],
  notes: ['The spec gives no key parameter for K; api_key is the default, configurable on the server (this provider family uses key).'],
});
