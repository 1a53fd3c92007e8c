import { describe, expect, it } from 'vitest';
import { crimeIncidents, crimeIncidentsResponse } from './l-crime-incidents.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { crimeIncidentsSample } from './testing/samples/l-crime-incidents.sample.ts';

const I = '[].incidents[].';
// Transcribed from the spec's "L. Crime incidents response" (an array; the element is the envelope).
const spec: SpecField[] = [
  ['[].total_incidents', 'integer'],
  ['[].total_pages', 'integer'],
  ['[].incidents', 'array'],
  ...(
    [
      'city_key',
      'incident_code',
      'incident_date',
      'incident_offense',
      'incident_offense_code',
      'incident_offense_description',
      'incident_offense_detail_description',
      'incident_offense_crime_against',
      'incident_offense_action',
      'incident_source_original_type',
      'incident_source_name',
      'incident_address',
    ] as const
  ).map((field): SpecField => [`${I}${field}`, 'string']),
  [`${I}incident_latitude`, 'number'],
  [`${I}incident_longitude`, 'number'],
];

const operation = crimeIncidents.operations[0];
const incident = crimeIncidentsSample[0]!.incidents[0]!;
const valid = operation.example;

function messages(values: Record<string, string>) {
  return Object.fromEntries(operation.params.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
}

describe('L crime incidents', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(crimeIncidentsResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    expect(crimeIncidentsResponse.parse([{ ...crimeIncidentsSample[0], extra: 1 }])[0]).toMatchObject({ total_pages: 2, extra: 1 });
  });

  it('reports a wrong type at its path', () => {
    const body = [{ ...crimeIncidentsSample[0], incidents: [{ ...incident, incident_longitude: null }] }];
    expect(crimeIncidentsResponse.safeParse(body).error?.issues[0]?.path).toEqual([0, 'incidents', 0, 'incident_longitude']);
    expect(crimeIncidentsResponse.safeParse(crimeIncidentsSample[0]).success).toBe(false);
  });

  it('builds the request with every parameter in the query, page included', () => {
    const target = requestTarget(buildRequest(operation, operation.params.parse({ ...valid, page: '2' })));
    expect(target).toBe(
      '/v1/incidents/raw-data?lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00%3A00%3A00.000Z&datetime_end=2024-05-08T00%3A00%3A00.000Z&page=2',
    );
  });

  it('refuses bad parameters with messages per field, the window rule on datetime_end', () => {
    expect(messages({ ...valid, page: '0', distance: 'far' })).toEqual({
      page: 'must be at least 1',
      distance: 'must be a number with a unit: mi, km, ft or m (e.g. 10mi, .25mi, 15km)',
    });
    expect(messages({ ...valid, datetime_end: '2024-13-01T00:00:00Z' })).toEqual({ datetime_end: 'is not a real date-time' });
    expect(messages({ ...valid, datetime_end: '2024-04-01T00:00:00.000Z' })).toEqual({ datetime_end: 'is before datetime_ini' });
    const { page: _page, ...withoutPage } = valid;
    expect(messages(withoutPage)).toEqual({});
  });

  it('pages with page: neighbours only within range', () => {
    const { paging } = operation.adapters;
    const params = operation.params.parse({ ...valid, page: '2' });
    const middle = paging([{ ...crimeIncidentsSample[0], total_pages: 3 }], params);
    expect(middle).toMatchObject({ summary: 'Page 2 of 3', next: { page: 3 }, prev: { page: 1 } });
    const first = paging(crimeIncidentsSample, operation.params.parse(valid));
    expect(first?.summary).toBe('Page 1 of 2');
    expect(first?.prev).toBeUndefined();
    expect(first?.next).toMatchObject({ page: 2, lat: 37.7749, distance: '1mi' });
  });

  it('reads records, points and labels', () => {
    const { records, point, label } = operation.adapters;
    expect(records(crimeIncidentsSample)).toHaveLength(1);
    expect(point(incident)).toEqual({ lat: 37.782797, lon: -122.434618 });
    expect(label(incident)).toBe('Theft From Motor Vehicle at 1100 Block of GEARY BLVD');
  });

  it('opens on the map with a location search and a valid example', () => {
    expect(operation.defaultTab).toBe('map');
    expect(operation.locationSearch).toEqual({ kind: 'lat-lon-distance', lat: 'lat', lon: 'lon', distance: 'distance' });
    expect(operation.params.safeParse(valid).success).toBe(true);
  });
});
