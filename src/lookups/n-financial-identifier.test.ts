import { describe, expect, it } from 'vitest';
import { financialIdentifier, financialIdentifierResponse, isinChecks } from './n-financial-identifier.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { financialIdentifierSample } from './testing/samples/n-financial-identifier.sample.ts';
import { buildRequest, requestTarget } from './request.ts';

// Transcribed from the spec's table "N. Financial-identifier lookup".
const spec: SpecField[] = [
  ['status.code', 'integer'],
  ['status.message', 'string'],
  ...['name', 'stock_ticker_symbol', 'isin_identifier', 'exchange'].map((name): SpecField => [`results[].basics.${name}`, 'string']),
  ...['current', 'one_month_ago', 'two_months_ago', 'three_months_ago'].map(
    (name): SpecField => [`results[].output.averageRecommendation.${name}`, 'string'],
  ),
];

const operation = financialIdentifier.operations[0];
const messages = (input: object) =>
  Object.fromEntries(operation.params.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

describe('N financial identifier', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(financialIdentifierResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    expect(financialIdentifierResponse.parse({ ...financialIdentifierSample, meta: 1 })).toMatchObject({ meta: 1, status: { code: 200 } });
  });

  it('reports a wrong type at its path', () => {
    const result = financialIdentifierResponse.safeParse({ ...financialIdentifierSample, status: { code: '200', message: 'OK' } });
    expect(result.error?.issues[0]?.path).toEqual(['status', 'code']);
  });

  it('builds the request on the fixed path with the identifiers in the query', () => {
    const params = operation.params.parse({ stock_ticker_symbol: 'AAPL', cik_code: '0000320193' });
    expect(requestTarget(buildRequest(operation, params))).toBe(
      '/v1/endpoint1/API/filter1/filter2?stock_ticker_symbol=AAPL&cik_code=0000320193',
    );
  });

  it('requires at least one identifier, named at the first one', () => {
    expect(messages({})).toEqual({ stock_ticker_symbol: 'or one of the other identifiers is required' });
    expect(messages({ employer_id: '942404110' })).toEqual({});
  });

  it('refuses malformed identifiers with messages per field', () => {
    expect(
      messages({
        stock_ticker_symbol: 'AAPL!',
        isin_identifier: 'us0378331005',
        cik_code: '12345678901',
        cusip_number: '03783310',
        employer_id: '94-240411',
      }),
    ).toEqual({
      stock_ticker_symbol: 'must be a ticker of up to 10 letters and digits, e.g. AAPL',
      isin_identifier: 'must be 12 characters: 2 capital letters, 9 letters or digits and a check digit (e.g. US0378331005)',
      cik_code: 'must be up to 10 digits',
      cusip_number: 'must be 9 characters: 8 capital letters or digits and a check digit',
      employer_id: 'must be 9 digits, e.g. 94-2404110',
    });
    expect(messages({ isin_identifier: 'US0378331006' })).toEqual({ isin_identifier: 'has a wrong check digit' });
  });

  it('checks ISIN check digits', () => {
    expect(['US0378331005', 'US02079K3059', 'DE0007164600', 'GB0002634946'].every(isinChecks)).toBe(true);
    expect(isinChecks('US0378331004')).toBe(false);
  });

  it('reads status.code 200 as success and anything else as failure with its message', () => {
    const adapters = operation.adapters!;
    expect(adapters.success!(financialIdentifierSample)).toEqual({ ok: true, message: 'OK' });
    expect(adapters.success!({ status: { code: 404, message: 'Not found' }, results: [] })).toEqual({ ok: false, message: 'Not found' });
    expect(adapters.records!(financialIdentifierSample)).toHaveLength(1);
    expect(adapters.label!(financialIdentifierSample.results[0])).toBe('Apple Inc. (AAPL)');
  });
});
