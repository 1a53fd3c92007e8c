import { describe, expect, it } from 'vitest';
import { prospecting, prospectingResponse } from './o-prospecting.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { prospectingSample } from './testing/samples/o-prospecting.sample.ts';
import { buildRequest, requestTarget } from './request.ts';

// Transcribed from the spec's "O. Prospecting response".
const spec: SpecField[] = [
  ['total_companies', 'integer'],
  ['total_pages', 'integer'],
  ['data[].id', 'integer'],
  ['data[].name', 'string'],
];

const operation = prospecting.operations[0];
const messages = (input: object) =>
  Object.fromEntries(operation.params.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

describe('O prospecting', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(prospectingResponse, spec)).toEqual([]);
  });

  it('parses a sample body, keeping unknown fields', () => {
    expect(prospectingResponse.parse({ ...prospectingSample, data: [{ id: 1, name: 'A', country: 'DE' }] }).data[0]).toEqual({
      id: 1,
      name: 'A',
      country: 'DE',
    });
  });

  it('reports a wrong type at its path', () => {
    expect(prospectingResponse.safeParse({ ...prospectingSample, data: [{ id: 1.5, name: 'A' }] }).error?.issues[0]?.path).toEqual([
      'data',
      0,
      'id',
    ]);
  });

  it('has the sixteen filters of the spec, all in the query', () => {
    expect(Object.keys(operation.params.shape)).toEqual([
      'company_status',
      'number_of_employees',
      'trading_activity',
      'activity_type',
      'company_type',
      'company_incorporation',
      'legal_form',
      'industry_focus',
      'website_keywords',
      'nace',
      'isic',
      'sic_code_be',
      'sic_code_de',
      'sic_code_dk',
      'sic_code_fr',
      'sic_code_gb',
    ]);
    const params = operation.params.parse({
      company_status: 'active',
      number_of_employees: '10-49, 1000+',
      sic_code_de: '62.01.0',
      website_keywords: 'cloud,saas',
    });
    expect(requestTarget(buildRequest(operation, params))).toBe(
      '/v2/prospecting?company_status=active&number_of_employees=10-49%2C1000%2B&website_keywords=cloud%2Csaas&sic_code_de=62.01.0',
    );
    expect(operation.params.parse({})).toEqual({});
  });

  it('refuses bad values with messages per field', () => {
    expect(
      messages({
        company_status: 'open',
        number_of_employees: '10-50',
        company_incorporation: '20',
        nace: '6201',
        isic: '6',
        sic_code_fr: '62-01',
        sic_code_gb: '620123',
      }),
    ).toEqual({
      company_status: 'must be one of active, inactive, dissolved',
      number_of_employees: 'must be bands from 1-9, 10-49, 50-249, 250-999, 1000+: 10-50',
      company_incorporation: 'must be a year or a range of years, e.g. 2015 or 2010-2020',
      nace: 'must be NACE codes like 62 or 62.01: 6201',
      isic: 'must be ISIC codes of 2 to 4 digits: 6',
      sic_code_fr: 'must be NAF codes like 62 or 62.01Z: 62-01',
      sic_code_gb: 'must be UK SIC codes of 2 to 5 digits: 620123',
    });
  });

  it('wants the incorporation range in order', () => {
    expect(messages({ company_incorporation: '2020-2010' })).toEqual({ company_incorporation: 'must give the earlier year first' });
    expect(messages({ company_incorporation: '2010-2020' })).toEqual({});
  });

  it('summarises paging without neighbours (or pages) and lists the companies', () => {
    const adapters = operation.adapters!;
    expect(adapters.paging!(prospectingSample, {})?.summary).toBe('2 of 57 companies shown');
    expect(adapters.paging!({ total_companies: 0, total_pages: 0, data: [] }, {})).toEqual({ summary: 'No companies' });
    expect(adapters.records!(prospectingSample)).toHaveLength(2);
    expect(adapters.label!(prospectingSample.data[0])).toBe('Kessler Software GmbH');
  });
});
