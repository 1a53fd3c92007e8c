// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aviationTaxes, aviationTaxesResponse } from '../lookups/q-aviation-taxes.ts';
import { NO_RECORD_FOUND } from '../lookups/aviation-provider.ts';
import { aviationTaxesDemo } from './q-aviation-taxes.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = aviationTaxes.operations[0];
type Tax = { taxId: string; nameTax: string; codeIataTax: string };
const askDemo = demoAsker(aviationTaxesDemo, aviationTaxes);
const ask = (values: Record<string, string>) => {
  const response = askDemo(values);
  expect(response.status).toBe(200);
  return response.body;
};

describe('Q aviation taxes demo', () => {
  it('lists every tax for the example (no code), in a body the schema accepts', () => {
    const body = ask(operation.example);
    expect(aviationTaxesResponse.safeParse(body).success).toBe(true);
    const taxes = operation.adapters.records(body) as Tax[];
    expect(taxes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(taxes.map((tax) => tax.taxId)).size).toBe(taxes.length);
    expect(new Set(taxes.map((tax) => tax.codeIataTax)).size).toBe(taxes.length);
    expect(taxes.every((tax) => /^[A-Z0-9]{2}$/.test(tax.codeIataTax))).toBe(true);
  });

  it('narrows to the asked code, without regard to case', () => {
    expect(ask({ codeIataTax: 'gb' })).toEqual([{ taxId: '10', nameTax: 'UK Air Passenger Duty', codeIataTax: 'GB' }]);
    expect(ask({ codeIataTax: 'AY' })).toEqual([expect.objectContaining({ nameTax: 'US Passenger Civil Aviation Security Service Fee' })]);
    expect(ask({ codeIataTax: 'YQ' })).toEqual([expect.objectContaining({ nameTax: 'Carrier-Imposed Fuel Surcharge' })]);
  });

  it('answers an unknown code with HTTP 200 "No Record Found", read by the success adapter', () => {
    const body = ask({ codeIataTax: 'Q9' });
    expect(body).toEqual(NO_RECORD_FOUND);
    expect(operation.adapters.success(body)).toEqual({ ok: false, message: 'No Record Found' });
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask({}))).toBe(JSON.stringify(ask({})));
  });
});
