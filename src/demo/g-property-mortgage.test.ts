// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { propertyMortgage, propertyMortgageResponse } from '../lookups/g-property-mortgage.ts';
import { propertyDetail } from '../lookups/d-property-detail.ts';
import { propertyMortgageDemo } from './g-property-mortgage.ts';
import { propertyDetailDemo } from './d-property-detail.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = propertyMortgage.operations[0];
const ask = demoAsker(propertyMortgageDemo, propertyMortgage).parsed;

describe('G property mortgage demo', () => {
  it('answers the example with one property and its mortgage', () => {
    const answer = ask(operation.params.parse(operation.example));
    expect(answer.status).toBe(200);
    const body = propertyMortgageResponse.parse(answer.body);
    expect(operation.adapters?.records?.(answer.body)).toHaveLength(1);
    expect(body.property[0]?.mortgage.amount).toBeGreaterThan(0);
  });

  it('is the same house as D for the same record id, plus a mortgage', () => {
    const detail = propertyDetailDemo({
      lookup: propertyDetail,
      operation: propertyDetail.operations[0],
      params: { recordid: 424242 },
      requestId: 'x',
    });
    const { property, status } = propertyMortgageResponse.parse(ask({ recordid: 424242 }).body);
    const { mortgage, ...rest } = property[0]!;
    expect({ status, property: [rest] }).toEqual(detail.body);
    expect(mortgage.lender.companycode).toMatch(/^\d+$/);
  });

  it('is deterministic and every body parses, with a due date after the mortgage date when present', () => {
    let undated = 0;
    for (let recordid = 500000; recordid < 500100; recordid++) {
      const answer = ask({ recordid });
      expect(JSON.stringify(ask({ recordid }).body)).toBe(JSON.stringify(answer.body));
      const result = propertyMortgageResponse.safeParse(answer.body);
      expect(result.success).toBe(true);
      const mortgage = result.data!.property[0]!.mortgage;
      if (mortgage.duedate === '') undated++;
      else expect(mortgage.duedate > mortgage.date).toBe(true);
    }
    expect(undated).toBeGreaterThan(0);
  });

  it('answers an unknown record id as D does', () => {
    const answer = ask({ recordid: 12 });
    expect(answer.status).toBe(400);
    expect(propertyMortgageResponse.parse(answer.body)).toMatchObject({ status: { msg: 'SuccessWithoutResult' }, property: [] });
  });
});
