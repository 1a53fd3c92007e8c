import { describe, expect, it } from 'vitest';
import { propertyMortgage, propertyMortgageResponse } from './g-property-mortgage.ts';
import { propertyDetailResponse } from './d-property-detail.ts';
import { specFieldProblems } from './testing/spec-fields.ts';
import { mortgageSpec, propertyEnvelopeSpec, propertySectionsSpec } from './testing/d-property-spec-fields.ts';
import { propertyMortgageSample } from './testing/samples/g-property-mortgage.sample.ts';
import { buildRequest, requestTarget } from './request.ts';

const operation = propertyMortgage.operations[0];
const [property] = propertyMortgageSample.property;

describe('G property mortgage', () => {
  it('has every field of the spec, the shared sections and the mortgage', () => {
    expect(specFieldProblems(propertyMortgageResponse, [...propertyEnvelopeSpec, ...propertySectionsSpec, ...mortgageSpec])).toEqual([]);
  });

  it('is D plus the mortgage section only', () => {
    expect(specFieldProblems(propertyDetailResponse, mortgageSpec)).toHaveLength(mortgageSpec.length);
  });

  it('parses a sample body, empty mortgage dates included, keeping unknown fields', () => {
    const undated = { ...property!, mortgage: { ...property!.mortgage, date: '', duedate: '' }, sale: { amount: 1 } };
    const parsed = propertyMortgageResponse.parse({ ...propertyMortgageSample, property: [undated] });
    expect(parsed.property[0]).toMatchObject({ mortgage: { date: '', duedate: '' }, sale: { amount: 1 } });
  });

  it('reports a wrong type at its path', () => {
    const bad = { ...property!, mortgage: { ...property!.mortgage, amount: '612000' } };
    const result = propertyMortgageResponse.safeParse({ ...propertyMortgageSample, property: [bad] });
    expect(result.error?.issues[0]?.path).toEqual(['property', 0, 'mortgage', 'amount']);
  });

  it('builds the request on its own path', () => {
    const params = operation.params.parse({ recordid: '184713191', accept: 'application/xml' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/property/detailmortgage?accept=application%2Fxml&recordid=184713191');
  });

  it('refuses a missing or non-positive record id', () => {
    expect(operation.params.safeParse({}).error?.issues.map((issue) => issue.path)).toEqual([['recordid']]);
    expect(operation.params.safeParse({ recordid: '-4' }).error?.issues[0]).toMatchObject({
      path: ['recordid'],
      message: 'must be at least 1',
    });
  });

  it('shares the envelope adapters: success, records, point', () => {
    expect(operation.adapters?.success?.(propertyMortgageSample)).toMatchObject({ ok: true });
    expect(operation.adapters?.records?.(propertyMortgageSample)).toHaveLength(1);
    expect(operation.adapters?.point?.(property)).toEqual({ lat: 34.103215, lon: -118.219514 });
  });
});
