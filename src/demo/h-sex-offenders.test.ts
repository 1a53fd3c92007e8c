// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sexOffenders, sexOffendersResponse } from '../lookups/h-sex-offenders.ts';
import { sexOffendersDemo } from './h-sex-offenders.ts';
import { haversineMetres, townByZipcode } from './geo-world.ts';
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

  it('finds by zip code the registrants living in that zip code, near the town', () => {
    const body = ask({ zipcode: '62702' });
    const town = townByZipcode('62702')!;
    expect(body.sex_offenders_count).toBe(body.sex_offenders.length);
    expect(body.pages_count).toBe(1);
    for (const record of body.sex_offenders) {
      expect(record.sex_offender_zipcode).toBe('62702');
      expect(record.sex_offender_state).toBe('IL');
      expect(typeof record.sex_offender_lat).toBe('string');
      expect(haversineMetres(town.lat, town.lon, Number(record.sex_offender_lat), Number(record.sex_offender_lon))).toBeLessThan(6000);
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

  it('answers an empty result for a zip code or name with nobody', () => {
    expect(ask({ zipcode: '99999' })).toEqual({ sex_offenders_count: 0, pages_count: 0, sex_offenders: [] });
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
