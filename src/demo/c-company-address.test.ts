// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { companyAddress, companyAddressResponse } from '../lookups/c-company-address.ts';
import { companyAddressDemo } from './c-company-address.ts';
import { demoAsker } from './testing/ask-demo.ts';
import { haversineMetres } from '../lookups/earth.ts';
import { isInland } from './land-mask.ts';
import { areaOf, postcodeAreas, reachOf } from './c-postcode-areas.ts';

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
    for (const record of body)
      expect(record.address).toMatchObject({ postalCode: '1012LG', houseNumber: 1, city: 'Amsterdam', country: 'NL' });
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

  it('names the real town of a postcode: 1012 Amsterdam, 6211 Maastricht, 3011 Rotterdam, 2511 Den Haag', () => {
    for (const [postcode, city, state] of [
      ['1012LG', 'Amsterdam', 'Noord-Holland'],
      ['6211AB', 'Maastricht', 'Limburg'],
      ['3011AA', 'Rotterdam', 'Zuid-Holland'],
      ['2511CV', 'Den Haag', 'Zuid-Holland'],
      ['5611AB', 'Eindhoven', 'Noord-Brabant'],
      ['9711AB', 'Groningen', 'Groningen'],
    ] as const) {
      const found = Array.from({ length: 12 }, (_, i) => ask({ postcode, house_number: i + 1 })).flat();
      expect(found.length, postcode).toBeGreaterThan(0);
      for (const record of found) expect(record.address, postcode).toMatchObject({ city, state });
    }
  });

  it('keeps every address on land in its town, whatever the house number (99999 too)', () => {
    for (const postcode of ['1012LG', '1011AB', '6211AB', '8911AA', '4381AB']) {
      const area = areaOf(Number(postcode.slice(0, 4)))!;
      for (const house_number of [1, 2, 57, 120, 121, 999, 12345, 99999]) {
        for (const record of ask({ postcode, house_number })) {
          const { latitude, longitude } = record.geometry;
          expect(haversineMetres(area.lat, area.lon, latitude, longitude), `${postcode} ${house_number}`).toBeLessThan(reachOf(area) + 900);
          expect(isInland(latitude, longitude), `${postcode} ${house_number}`).toBe(true);
        }
      }
    }
    // Every town's centre is on land, so no address ever falls back into the water.
    for (const area of postcodeAreas()) expect(isInland(area.lat, area.lon), area.city).toBe(true);
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
