// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { companyAddress, companyAddressResponse } from '../lookups/c-company-address.ts';
import { companyAddressDemo } from './c-company-address.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = companyAddress.operations[0];
const askDemo = demoAsker(companyAddressDemo, companyAddress);
const ask = (params: Parameters<typeof askDemo.parsed>[0]) => {
  const answer = askDemo.parsed(params);
  expect(answer.status).toBe(200);
  return companyAddressResponse.parse(answer.body);
};

describe('C company address demo', () => {
  it('answers the example with companies that have points', () => {
    const body = ask(operation.params.parse(operation.example));
    const records = operation.adapters?.records?.(body) ?? [];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(operation.adapters?.point?.(record)).toBeDefined();
  });

  it('returns only companies at the postcode and house number asked for, the same bytes every time', () => {
    const body = ask({ postcode: '1012LG', house_number: 1 });
    for (const record of body) expect(record.address).toMatchObject({ postalCode: '1012LG', houseNumber: 1, city: 'Amsterdam', country: 'NL' });
    expect(JSON.stringify(ask({ postcode: '1012LG', house_number: 1 }))).toBe(JSON.stringify(body));
    expect(ask({ postcode: '1012 lg', house_number: 1 })).toEqual(body);
  });

  it('places the postcode in its region: 9xxx is Groningen', () => {
    const found = Array.from({ length: 30 }, (_, i) => ask({ postcode: '9711AB', house_number: i + 1 })).flat();
    expect(found.length).toBeGreaterThan(0);
    for (const record of found) {
      expect(record.address.city).toBe('Groningen');
      expect(record.geometry.latitude).toBeGreaterThan(53);
    }
  });

  it('has addresses with no company, answered with an empty array', () => {
    const sizes = Array.from({ length: 40 }, (_, i) => ask({ postcode: '3011AA', house_number: i + 1 }).length);
    expect(sizes).toContain(0);
    expect(sizes.some((size) => size > 1)).toBe(true);
  });

  it('narrows to one house number addition when house_number_ext is set', () => {
    const all = Array.from({ length: 60 }, (_, i) => ({ n: i + 1, body: ask({ postcode: '5611AB', house_number: i + 1 }) }));
    const withA = all.find(({ body }) => body.some((record) => record.address.houseNumberExt === 'A'))!;
    const narrowed = ask({ postcode: '5611AB', house_number: withA.n, house_number_ext: 'a' });
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThanOrEqual(withA.body.length);
    for (const record of narrowed) expect(record.address.houseNumberExt).toBe('A');
    expect(ask({ postcode: '5611AB', house_number: withA.n, house_number_ext: 'zz' })).toEqual([]);
  });

  it('has no companies for postcodes outside the demo register', () => {
    expect(ask({ postcode: 'SW1A1AA', house_number: 10 })).toEqual([]);
    expect(ask({ postcode: '0123AB', house_number: 10 })).toEqual([]);
  });

  it('leaves empty management roles null and keeps sole traders at one employee', () => {
    const found = Array.from({ length: 80 }, (_, i) => ask({ postcode: '2511CV', house_number: i + 1 })).flat();
    expect(found.every((record) => record.management.director.name !== null)).toBe(true);
    expect(found.some((record) => record.management.hr.name === null)).toBe(true);
    for (const record of found.filter((entry) => entry.companyOperational.legalForm === 1)) expect(record.employees).toBe(1);
  });
});
