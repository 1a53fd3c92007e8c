import { describe, expect, it } from 'vitest';
import { callsForService, callsForServiceResponse } from './m-calls-for-service.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { callsForServiceSample } from './testing/samples/m-calls-for-service.sample.ts';

// Transcribed from the spec's "M. 911 calls response (an object)".
const spec: SpecField[] = [
  ['total_incidents', 'integer'],
  ['total_pages', 'integer'],
  ['incidents', 'array'],
  ['incidents[].call_city_key', 'string'],
  ['incidents[].call_code', 'string'],
  ['incidents[].call_date', 'string'],
  ['incidents[].call_type', 'string'],
  ['incidents[].call_description', 'string'],
  ['incidents[].call_latitude', 'number'],
  ['incidents[].call_longitude', 'number'],
  ['incidents[].call_address', 'string'],
];

const operation = callsForService.operations[0];
const call = callsForServiceSample.incidents[0]!;
const valid = operation.example;

function messages(values: Record<string, string>) {
  return Object.fromEntries(operation.params.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
}

describe('M calls for service', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(callsForServiceResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    expect(callsForServiceResponse.parse({ ...callsForServiceSample, extra: true })).toMatchObject({ total_pages: 1, extra: true });
  });

  it('reports a wrong type at its path', () => {
    const body = { ...callsForServiceSample, incidents: [{ ...call, call_latitude: '37.77' }] };
    expect(callsForServiceResponse.safeParse(body).error?.issues[0]?.path).toEqual(['incidents', 0, 'call_latitude']);
  });

  it('builds the request with every parameter in the query', () => {
    const target = requestTarget(buildRequest(operation, operation.params.parse(valid)));
    expect(target).toBe(
      '/v3/calls-for-service/raw-data?lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00%3A00%3A00.000Z&datetime_end=2024-05-08T00%3A00%3A00.000Z',
    );
  });

  it('refuses bad parameters with messages per field', () => {
    expect(messages({ ...valid, lat: '91', lon: 'west', distance: '10 miles', datetime_ini: '2024-05-01' })).toEqual({
      lat: 'must be between -90 and 90',
      lon: 'must be a number',
      distance: 'must be a number with a unit: mi, km, ft or m (e.g. 10mi, .25mi, 15km)',
      datetime_ini: 'must be a date-time like 2020-12-01T15:53:00.000Z',
    });
    expect(messages({ ...valid, datetime_end: undefined as never })).toEqual({ datetime_end: 'is required' });
  });

  it('refuses a window that ends before it starts, on datetime_end', () => {
    expect(messages({ ...valid, datetime_end: '2024-04-30T23:59:59.000Z' })).toEqual({ datetime_end: 'is before datetime_ini' });
    expect(messages({ ...valid, datetime_end: valid.datetime_ini! })).toEqual({});
  });

  it('reads records, points, labels and a paging summary without neighbours', () => {
    const { records, point, label, paging } = operation.adapters;
    expect(records(callsForServiceSample)).toHaveLength(1);
    expect(point(call)).toEqual({ lat: 37.775054, lon: -122.413933 });
    expect(label(call)).toBe('Suspicious Person at 1500 Block of MISSION ST');
    expect(paging(callsForServiceSample)).toEqual({ summary: '1 call' });
    const big = { total_incidents: 28789, total_pages: 3, incidents: Array.from({ length: 10000 }, () => call) };
    expect(paging(big)?.summary).toBe('10,000 of 28,789 calls shown (the newest)');
  });

  it('opens on the map with a location search and a valid example', () => {
    expect(operation.defaultTab).toBe('map');
    expect(operation.locationSearch).toEqual({ kind: 'lat-lon-distance', lat: 'lat', lon: 'lon', distance: 'distance' });
    expect(operation.params.safeParse(valid).success).toBe(true);
  });
});
