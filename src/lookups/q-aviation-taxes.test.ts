import { describe, expect, it } from 'vitest';
import { aviationTaxes, aviationTaxesResponse } from './q-aviation-taxes.ts';
import { NO_RECORD_FOUND } from './aviation-provider.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { aviationTaxesSample } from './testing/samples/q-aviation-taxes.sample.ts';

// Transcribed from the spec's "Q. Aviation tax (the response is an array of these)".
const spec: SpecField[] = [
  ['[].taxId', 'string'],
  ['[].nameTax', 'string'],
  ['[].codeIataTax', 'string'],
];

const operation = aviationTaxes.operations[0];

describe('Q aviation taxes', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(aviationTaxesResponse, spec)).toEqual([]);
  });

  it('parses the sample body, keeping unknown fields', () => {
    expect(aviationTaxesResponse.parse([{ ...aviationTaxesSample[0], countryCode: 'GB' }])[0]).toMatchObject({
      codeIataTax: 'GB',
      countryCode: 'GB',
    });
  });

  it('reports a wrong type at its path', () => {
    expect(
      aviationTaxesResponse.safeParse([aviationTaxesSample[0], { ...aviationTaxesSample[1], taxId: 8 }]).error?.issues[0]?.path,
    ).toEqual([1, 'taxId']);
  });

  it('builds the request with the code in the query, or none at all', () => {
    expect(requestTarget(buildRequest(operation, operation.params.parse({ codeIataTax: 'GB' })))).toBe(
      '/v2/public/taxDatabase?codeIataTax=GB',
    );
    expect(requestTarget(buildRequest(operation, operation.params.parse({})))).toBe('/v2/public/taxDatabase');
  });

  it('refuses a code that is not two characters', () => {
    const result = operation.params.safeParse({ codeIataTax: 'GBR' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['codeIataTax', 'must be a two-character IATA tax code, like GB'],
    ]);
  });

  it('reads records, labels and the error-as-200 body', () => {
    const { success, records, label } = operation.adapters;
    expect(records(aviationTaxesSample)).toEqual(aviationTaxesSample);
    expect(label(aviationTaxesSample[0])).toBe('GB · UK Air Passenger Duty');
    expect(success(aviationTaxesSample)).toEqual({ ok: true });
    expect(success(NO_RECORD_FOUND)).toEqual({ ok: false, message: 'No Record Found' });
    expect(records(NO_RECORD_FOUND)).toBeUndefined();
  });
});
