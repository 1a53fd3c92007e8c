import { describe, expect, it } from 'vitest';
import { airplanes, airplanesResponse } from './k-airplanes.ts';
import { NO_RECORD_FOUND, aviationSuccess } from './aviation-provider.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { airplanesSample } from './testing/samples/k-airplanes.sample.ts';

// Transcribed from the spec's table "K. Airplane": an array of these, all values strings.
const names = [
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
];
const spec: SpecField[] = names.map((name) => [`[].${name}`, 'string']);

const operation = airplanes.operations[0];
const issues = (values: Record<string, string>) =>
  Object.fromEntries((operation.params.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('K airplanes', () => {
  it('has every field of the spec as a string, the misspelled one included', () => {
    expect(names).toHaveLength(24);
    expect(specFieldProblems(airplanesResponse, spec)).toEqual([]);
  });

  it('flags a date that is not an ISO 8601 date-time, allowing the zero date for rolloutDate only (the spec)', () => {
    const sample = airplanesSample[0]!;
    expect(airplanesResponse.safeParse([sample]).success).toBe(true);
    expect(airplanesResponse.safeParse([{ ...sample, rolloutDate: '0000-00-00' }]).success).toBe(true);
    for (const field of ['registrationDate', 'firstFlight', 'deliveryDate'] as const) {
      const result = airplanesResponse.safeParse([{ ...sample, [field]: '0000-00-00' }]);
      expect(result.success, field).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([`0.${field}`]);
    }
    expect(airplanesResponse.safeParse([{ ...sample, rolloutDate: '2001-13-45' }]).success).toBe(false);
  });

  it('parses the sample body, keeping unknown fields', () => {
    expect(airplanesResponse.parse([{ ...airplanesSample[0], extra: 'x' }])[0]).toMatchObject({
      numberTestRgistration: 'D-AVVB',
      extra: 'x',
    });
  });

  it('reports a number where a string is due, at its path', () => {
    const result = airplanesResponse.safeParse([{ ...airplanesSample[0], enginesCount: 2 }]);
    expect(result.error?.issues[0]?.path).toEqual([0, 'enginesCount']);
  });

  it('builds the request with the filters in the query', () => {
    const params = operation.params.parse({ numberRegistration: 'D-AIUA', codeIataAirline: 'LH' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/v2/public/airplaneDatabase?numberRegistration=D-AIUA&codeIataAirline=LH');
  });

  it('refuses bad parameters with messages per field', () => {
    expect(issues({ hexIcaoAirplane: '3C67G1', codeIataAirline: 'LHX' })).toEqual({
      hexIcaoAirplane: 'must be six hexadecimal digits, like 3C6701',
      codeIataAirline: 'must be a two-character IATA airline code, like LH',
    });
    expect(issues({ numberRegistration: 'D-AIUA-TOO-LONG' })).toEqual({ numberRegistration: 'must be at most 12 characters' });
  });

  it('requires at least one filter, reported on numberRegistration', () => {
    expect(issues({})).toEqual({ numberRegistration: 'is required unless hexIcaoAirplane or codeIataAirline is set' });
    expect(issues({ hexIcaoAirplane: '3c6701' })).toEqual({});
  });

  it('reads the error-as-200 body as a failure with its words', () => {
    expect(operation.adapters.success(airplanesSample)).toEqual({ ok: true });
    expect(operation.adapters.success(NO_RECORD_FOUND)).toEqual({ ok: false, message: 'No Record Found' });
    expect(aviationSuccess({ success: false, error: 'Invalid API key' })).toEqual({ ok: false, message: 'Invalid API key' });
    expect(aviationSuccess({ error: { message: 'Rate limit' } })).toEqual({ ok: false, message: 'Rate limit' });
    expect(aviationSuccess({ success: false })).toEqual({ ok: false, message: 'The provider reported a failure' });
  });

  it('reads records and labels', () => {
    expect(operation.adapters.records(airplanesSample)).toEqual(airplanesSample);
    expect(operation.adapters.records(NO_RECORD_FOUND)).toBeUndefined();
    expect(operation.adapters.label(airplanesSample[0])).toBe('D-AIUA · A320');
  });
});
