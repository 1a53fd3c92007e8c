// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type * as GeoWorld from './geo-world.ts';
import { callsForService, callsForServiceResponse } from '../lookups/m-calls-for-service.ts';
import { callsForServiceDemo, CALLS_PER_ANSWER, largeCallsQuery } from './m-calls-for-service.ts';
import { haversineMetres } from '../lookups/earth.ts';
import { placeAt } from './geo-world.ts';
import { demoAsker } from './testing/ask-demo.ts';

// Every call built in full names its place (placeAt): counting those calls (to the real function)
// measures how many records an answer builds, without a clock.
vi.mock('./geo-world.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof GeoWorld>();
  return { ...actual, placeAt: vi.fn(actual.placeAt) };
});

const operation = callsForService.operations[0];
type Call = { call_code: string; call_date: string; call_latitude: number; call_longitude: number; call_city_key: string };
type Body = { total_incidents: number; total_pages: number; incidents: Call[] };

const ask = demoAsker(callsForServiceDemo, callsForService);
function body(values: Record<string, string>) {
  const response = ask(values);
  expect(response.status).toBe(200);
  expect(callsForServiceResponse.safeParse(response.body).success).toBe(true);
  return response.body as Body;
}

const example = operation.example;

describe('M demo', () => {
  it('answers the example with calls that parse and that the records adapter finds', () => {
    expect(operation.adapters.records(body(example))!.length).toBeGreaterThan(0);
  });

  it('returns only calls within the distance and the window, newest first', () => {
    const { incidents } = body({ ...example, distance: '800m' });
    expect(incidents.length).toBeGreaterThan(0);
    for (const call of incidents) {
      expect(haversineMetres(37.7749, -122.4194, call.call_latitude, call.call_longitude)).toBeLessThanOrEqual(801);
      expect(call.call_date >= example.datetime_ini! && call.call_date <= example.datetime_end!).toBe(true);
      expect(call.call_city_key).toBe('US SFO');
    }
    const dates = incidents.map((call) => call.call_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('gives a narrower window and a smaller circle a subset of the same calls', () => {
    const all = body(example);
    const day = body({ ...example, datetime_ini: '2024-05-03T00:00:00.000Z', datetime_end: '2024-05-03T23:59:59.999Z' });
    const near = body({ ...example, distance: '.25mi' });
    const codes = new Set(all.incidents.map((call) => call.call_code));
    expect(day.total_incidents).toBeLessThan(all.total_incidents);
    expect(near.total_incidents).toBeLessThan(all.total_incidents);
    for (const call of [...day.incidents, ...near.incidents]) expect(codes.has(call.call_code)).toBe(true);
  });

  it('lays every call within 10 miles of San Francisco on land: none in the Pacific or the Bay', () => {
    const { incidents } = body({
      ...example,
      distance: '10mi',
      datetime_ini: '2024-01-01T00:00:00.000Z',
      datetime_end: '2024-01-08T00:00:00.000Z',
    });
    expect(incidents.length).toBeGreaterThan(3_000);
    // Water by the map, independent of the demo's land mask: the ocean off Ocean Beach and the
    // Golden Gate, the Bay between the Embarcadero and Yerba Buena Island.
    const water = [
      { south: 37.7, north: 37.79, west: -123, east: -122.5125 },
      { south: 37.79, north: 37.805, west: -123, east: -122.49 },
      { south: 37.795, north: 37.805, west: -122.384, east: -122.376 },
    ];
    const wet = incidents.filter((call) =>
      water.some(
        (box) =>
          call.call_latitude >= box.south &&
          call.call_latitude <= box.north &&
          call.call_longitude >= box.west &&
          call.call_longitude <= box.east,
      ),
    );
    expect(wet).toEqual([]);
  });

  it('gives each call an address on the street where it lies: one street, one line', () => {
    const { incidents } = body({ ...example, distance: '2mi' });
    const byStreet = new Map<string, Call[]>();
    for (const call of incidents as Array<Call & { call_address: string }>) {
      const match = /^(\d+) Block of (.+)$/.exec(call.call_address);
      if (match) byStreet.set(match[2]!, [...(byStreet.get(match[2]!) ?? []), call]);
    }
    expect(byStreet.size).toBeGreaterThan(5);
    for (const [street, calls] of byStreet) {
      // A street is a line: its calls share a longitude (north-south) or a latitude (east-west), within a block.
      const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
      const across = Math.min(
        spread(calls.map((call) => call.call_longitude)) * 88_000,
        spread(calls.map((call) => call.call_latitude)) * 111_000,
      );
      expect(across, street).toBeLessThan(210);
    }
  });

  it('finds nothing far from any city and reports it as zero pages', () => {
    expect(body({ ...example, lat: '0.5', lon: '-30' })).toEqual({ total_incidents: 0, total_pages: 0, incidents: [] });
    // Outside the US (Paris) and out at sea off San Francisco: outside the demo, as the notes say.
    expect(body({ ...example, lat: '48.8566', lon: '2.3522' }).total_incidents).toBe(0);
    expect(body({ ...example, lat: '37.75', lon: '-122.65', distance: '2mi' }).total_incidents).toBe(0);
  });

  it('refuses searches too large for the demo with a provider-style message', () => {
    const response = ask({
      ...example,
      distance: '100mi',
      datetime_ini: '2020-01-01T00:00:00.000Z',
      datetime_end: '2024-01-01T00:00:00.000Z',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The search is too large: reduce the distance or the time window' });
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask(example).body)).toBe(JSON.stringify(ask(example).body));
  });

  it('answers the benchmark query with 10,000 calls, about 5 MB, building only the calls it sends', () => {
    // Its time under load is bench/demo-load.ts's figure; here, the work that keeps it small.
    vi.mocked(placeAt).mockClear();
    const large = body(largeCallsQuery);
    expect(large.incidents).toHaveLength(CALLS_PER_ANSWER);
    expect(large.total_incidents).toBeGreaterThan(2 * CALLS_PER_ANSWER);
    expect(large.total_pages).toBe(Math.ceil(large.total_incidents / CALLS_PER_ANSWER));
    expect(vi.mocked(placeAt)).toHaveBeenCalledTimes(CALLS_PER_ANSWER);
    const bytes = Buffer.byteLength(JSON.stringify(large));
    expect(bytes).toBeGreaterThan(4_000_000);
    expect(bytes).toBeLessThan(6_000_000);
  });
});
