import { describe, expect, it } from 'vitest';
import { sexOffenders, sexOffendersResponse } from './h-sex-offenders.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { sexOffendersSample } from './testing/samples/h-sex-offenders.sample.ts';

const R = 'sex_offenders[].sex_offender_';
const strings = [
  'state',
  'location',
  'zipcode',
  'lat',
  'lon',
  'name',
  'first_name',
  'middle_name',
  'last_name',
  'birthdate',
  'address_line1',
  'address_line2',
  'sex',
  'race',
  'height',
  'weight',
  'hair',
  'eyes',
  'marks',
  'aliases',
  'charges',
  'changes',
  'is_predator',
  'is_absconder',
  'image_url',
];

// Transcribed from the spec's "H. Sex offender response": envelope and record suffixes.
const spec: SpecField[] = [
  ['sex_offenders_count', 'integer'],
  ['pages_count', 'integer'],
  ['sex_offenders', 'array'],
  ...strings.map((suffix): SpecField => [`${R}${suffix}`, 'string']),
  [`${R}age`, 'integer'],
];

const operation = sexOffenders.operations[0];
const record = sexOffendersSample.sex_offenders[0]!;

describe('H sex offenders', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(sexOffendersResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    expect(sexOffendersResponse.parse({ ...sexOffendersSample, source: 'x' })).toMatchObject({ sex_offenders_count: 1, source: 'x' });
  });

  it('reports a wrong type at its path (coordinates are strings)', () => {
    const body = { ...sexOffendersSample, sex_offenders: [{ ...record, sex_offender_lat: 39.78 }] };
    expect(sexOffendersResponse.safeParse(body).error?.issues[0]?.path).toEqual(['sex_offenders', 0, 'sex_offender_lat']);
  });

  it('marks every record field but the searched area as personal data, each with its kind', () => {
    expect(sexOffenders.personalData).toHaveLength(23);
    expect(sexOffenders.personalData).toContain('full-name:sex_offenders.*.sex_offender_name');
    expect(sexOffenders.personalData).toContain('number:sex_offenders.*.sex_offender_age');
    expect(sexOffenders.personalData).toContain('coordinate:sex_offenders.*.sex_offender_lat');
    expect(sexOffenders.personalData).toContain('url:sex_offenders.*.sex_offender_image_url');
    expect(sexOffenders.personalData.join()).not.toMatch(/_(state|location|zipcode)$|_(state|location|zipcode),/);
  });

  it('builds the request with zipcode and name in the query', () => {
    const params = operation.params.parse({ zipcode: '62701', name: ' Doe ' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/v3/sex-offenders/records?zipcode=62701&name=Doe');
  });

  it('refuses bad parameters with messages per field, and wants zipcode or name', () => {
    const messages = (values: Record<string, string>) =>
      Object.fromEntries(operation.params.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
    expect(messages({})).toEqual({ zipcode: 'or name is required' });
    expect(messages({ zipcode: '6270' })).toEqual({ zipcode: 'must be a 5-digit US zip code' });
    expect(messages({ name: 'x'.repeat(101) })).toEqual({ name: 'must be at most 100 characters' });
    expect(messages({ name: 'Doe' })).toEqual({});
  });

  it('reads records, string coordinates, labels, paging and error bodies', () => {
    const { records, point, label, paging, success } = operation.adapters;
    expect(records(sexOffendersSample)).toHaveLength(1);
    expect(point(record)).toEqual({ lat: 39.7817, lon: -89.6501 });
    expect(label(record)).toBe('John Michael Doe');
    expect(paging(sexOffendersSample, {})).toEqual({ summary: '1 record' });
    expect(paging({ ...sexOffendersSample, sex_offenders_count: 150, pages_count: 2 }, {})?.summary).toBe('1 of 150 records shown');
    expect(success({ message: 'Invalid API key' })).toEqual({ ok: false, message: 'Invalid API key' });
    expect(success(sexOffendersSample)).toEqual({ ok: true });
  });

  it('opens on the map with a valid example', () => {
    expect(operation.defaultTab).toBe('map');
    expect(operation.params.safeParse(operation.example).success).toBe(true);
  });
});
