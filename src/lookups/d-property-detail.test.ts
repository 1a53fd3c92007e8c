import { describe, expect, it } from 'vitest';
import { propertyDetail, propertyDetailResponse } from './d-property-detail.ts';
import { specFieldProblems } from './testing/spec-fields.ts';
import { propertyEnvelopeSpec, propertySectionsSpec } from './testing/d-property-spec-fields.ts';
import { propertyDetailSample, propertySample } from './testing/samples/d-property-detail.sample.ts';
import { buildRequest, requestTarget } from './request.ts';

const operation = propertyDetail.operations[0];
const adapters = operation.adapters;

describe('D property detail', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(propertyDetailResponse, [...propertyEnvelopeSpec, ...propertySectionsSpec])).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = propertyDetailResponse.parse({ ...propertyDetailSample, property: [{ ...propertySample, assessment: { x: 1 } }] });
    expect(parsed.property[0]).toMatchObject({ assessment: { x: 1 }, identifier: { obPropId: 18471319106037 } });
  });

  it('reports a wrong type at its path', () => {
    const bad = { ...propertySample, building: { ...propertySample.building, rooms: { ...propertySample.building.rooms, beds: '3' } } };
    const result = propertyDetailResponse.safeParse({ ...propertyDetailSample, property: [bad] });
    expect(result.error?.issues[0]?.path).toEqual(['property', 0, 'building', 'rooms', 'beds']);
  });

  it('builds the request with accept and recordid in the query', () => {
    const params = operation.params.parse({ accept: 'application/json', recordid: '184713191' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/property/detail?accept=application%2Fjson&recordid=184713191');
    expect(requestTarget(buildRequest(operation, operation.params.parse({ recordid: '7' })))).toBe('/property/detail?recordid=7');
  });

  it('refuses bad parameters with messages per field', () => {
    const messages = (input: object) =>
      Object.fromEntries(operation.params.safeParse(input).error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages({ accept: 'text/html', recordid: '0' })).toEqual({
      accept: 'must be one of application/json, application/xml',
      recordid: 'must be at least 1',
    });
    // A missing number is refused at its field (its wording comes from the shared param builder).
    expect(Object.keys(messages({}))).toEqual(['recordid']);
    expect(messages({ recordid: '1.5' })).toEqual({ recordid: 'must be a whole number' });
  });

  it('reads the success marker from status.code and status.msg', () => {
    expect(adapters?.success?.(propertyDetailSample)).toEqual({ ok: true, message: 'SuccessWithResult' });
    const empty = { status: { ...propertyDetailSample.status, code: 1, msg: 'SuccessWithoutResult', total: 0 }, property: [] };
    expect(adapters?.success?.(empty)).toEqual({ ok: false, message: 'SuccessWithoutResult' });
    expect(adapters?.success?.({})).toMatchObject({ ok: false });
  });

  it('finds records, a paging summary without neighbours, points and labels', () => {
    const records = adapters?.records?.(propertyDetailSample);
    expect(records).toHaveLength(1);
    expect(adapters?.paging?.(propertyDetailSample, {})).toEqual({ summary: '1 property' });
    const many = { ...propertyDetailSample, status: { ...propertyDetailSample.status, total: 25, page: 2 } };
    expect(adapters?.paging?.(many, {})?.summary).toBe('1 of 25 properties shown');
    expect(adapters?.paging?.({ status: { ...propertyDetailSample.status, total: 0 } }, {})).toEqual({ summary: 'No properties' });
    expect(adapters?.point?.(records![0])).toEqual({ lat: 34.103215, lon: -118.219514 });
    expect(adapters?.point?.({ location: { latitude: '', longitude: '' } })).toBeUndefined();
    expect(adapters?.label?.(records![0])).toBe('3812 GLENALBYN DR, LOS ANGELES, CA 90065');
  });

  it('marks what leads to the home as personal data, the rooftop coordinates as coordinates', () => {
    expect(propertyDetail.personalData).toEqual(
      expect.arrayContaining([
        'address:property.*.address.line1',
        'address:property.*.address.oneLine',
        'coordinate:property.*.location.latitude',
        'coordinate:property.*.location.longitude',
      ]),
    );
    expect(propertyDetail.personalData.join()).not.toContain('locality');
  });
});
