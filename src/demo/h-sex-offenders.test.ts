// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../lookups/earth.ts';
import { sexOffenders, sexOffendersResponse } from '../lookups/h-sex-offenders.ts';
import { sexOffendersDemo } from './h-sex-offenders.ts';
import { isInland } from './land-mask.ts';
import { placeOfZip } from './us-places.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = sexOffenders.operations[0];
type Body = { sex_offenders_count: number; pages_count: number; sex_offenders: Array<Record<string, string | number>> };

const askDemo = demoAsker(sexOffendersDemo, sexOffenders);

function ask(values: Record<string, string>) {
  const response = askDemo(values);
  expect(sexOffendersResponse.safeParse(response.body).success).toBe(true);
  return response.body as Body;
}

describe('H demo', () => {
  it('answers the example with records that parse and that the records adapter finds', () => {
    const body = ask(operation.example);
    expect(operation.adapters.records(body)!.length).toBeGreaterThan(0);
  });

  it('finds by zip code the registrants living in that zip code, on land near the place of its region', () => {
    const body = ask({ zipcode: '62702' });
    const town = placeOfZip('62702')!;
    expect(town.name).toBe('Springfield');
    expect(body.sex_offenders_count).toBe(body.sex_offenders.length);
    expect(body.pages_count).toBe(1);
    for (const record of body.sex_offenders) {
      expect(record.sex_offender_zipcode).toBe('62702');
      expect(record.sex_offender_state).toBe('IL');
      expect(typeof record.sex_offender_lat).toBe('string');
      const [lat, lon] = [Number(record.sex_offender_lat), Number(record.sex_offender_lon)];
      // Within the place's reach (its spread, at most 8 km) plus the neighbourhood's 1.5 km.
      expect(haversineMetres(town.lat, town.lon, lat, lon)).toBeLessThan(Math.min(town.spreadKm, 8) * 1000 + 1500);
      expect(isInland(lat, lon)).toBe(true);
      expect(['true', 'false']).toContain(record.sex_offender_is_predator);
    }
  });

  it('finds by a case-insensitive part of the name across towns', () => {
    const someone = ask({ zipcode: '83702' }).sex_offenders[0]!;
    const last = String(someone.sex_offender_last_name);
    const body = ask({ name: last.toUpperCase() });
    expect(body.sex_offenders.map((record) => record.sex_offender_name)).toContain(someone.sex_offender_name);
    for (const record of body.sex_offenders) expect(String(record.sex_offender_name).toLowerCase()).toContain(last.toLowerCase());
  });

  it('needs both filters to match when both are given', () => {
    const someone = ask({ zipcode: '45403' }).sex_offenders[0]!;
    const first = String(someone.sex_offender_first_name);
    const both = ask({ zipcode: '45403', name: first });
    expect(both.sex_offenders.length).toBeGreaterThan(0);
    for (const record of both.sex_offenders) expect(record.sex_offender_zipcode).toBe('45403');
    expect(both.sex_offenders_count).toBeLessThanOrEqual(ask({ name: first }).sex_offenders_count);
  });

  it('answers every zip code of the states with registrants of its place, the big cities too', () => {
    for (const [zipcode, city, state] of [
      ['10001', 'New York', 'NY'],
      ['60601', 'Chicago', 'IL'],
      ['94103', 'San Francisco', 'CA'],
      ['80202', 'Denver', 'CO'],
      ['99501', 'Anchorage', 'AK'],
      ['00501', 'Holtsville', 'NY'],
    ] as const) {
      const body = ask({ zipcode });
      expect(body.sex_offenders_count, zipcode).toBeGreaterThan(0);
      for (const record of body.sex_offenders) {
        expect(record).toMatchObject({ sex_offender_zipcode: zipcode, sex_offender_location: city, sex_offender_state: state });
        expect(record.sex_offender_address_line2).toBe(`${city}, ${state} ${zipcode}`);
        expect(isInland(Number(record.sex_offender_lat), Number(record.sex_offender_lon))).toBe(true);
      }
    }
    // A city's zip codes hold more registrants than the countryside's, on average.
    const average = (prefix: string) =>
      Array.from({ length: 20 }, (_, i) => ask({ zipcode: `${prefix}${String(i).padStart(2, '0')}` }).sex_offenders_count).reduce(
        (a, b) => a + b,
      ) / 20;
    expect(average('606')).toBeGreaterThan(average('592'));
  });

  it('answers an empty result for a zip code outside the states, or a name with nobody', () => {
    // Never assigned, Puerto Rico, military: outside the demo, as the notes say.
    for (const zipcode of ['00001', '00601', '09001', '96201'])
      expect(ask({ zipcode })).toEqual({ sex_offenders_count: 0, pages_count: 0, sex_offenders: [] });
    expect(ask({ name: 'Zzyzx Qwerty' }).sex_offenders_count).toBe(0);
  });

  it('refuses a request without filters with a provider-style message', () => {
    const response = sexOffendersDemo({ lookup: sexOffenders, operation, params: {}, requestId: 'r' });
    expect(response).toEqual({ status: 400, body: { message: 'zipcode or name is required' } });
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask({ zipcode: '74103' }))).toBe(JSON.stringify(ask({ zipcode: '74103' })));
  });
});
