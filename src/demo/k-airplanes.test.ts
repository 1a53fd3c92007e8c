// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { airplanes, airplanesResponse } from '../lookups/k-airplanes.ts';
import { NO_RECORD_FOUND } from '../lookups/aviation-provider.ts';
import { paramMeta } from '../lookups/param.ts';
import { airplanesDemo } from './k-airplanes.ts';
import { demoFleet, type DemoAirplane } from './k-airplanes-fleet.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = airplanes.operations[0];
const askDemo = demoAsker(airplanesDemo, airplanes);
const ask = (values: Record<string, string>) => {
  const response = askDemo(values);
  expect(response.status).toBe(200);
  return response.body;
};
const find = (values: Record<string, string>) => {
  const body = ask(values);
  expect(airplanesResponse.safeParse(body).success).toBe(true);
  return body as DemoAirplane[];
};

describe('K airplanes demo', () => {
  it('answers the example with records the schema accepts', () => {
    const body = ask(operation.example);
    expect(airplanesResponse.safeParse(body).success).toBe(true);
    expect(operation.adapters.records(body)!.length).toBeGreaterThan(0);
    expect(operation.adapters.success(body).ok).toBe(true);
  });

  it('finds a record for the example shown beside each filter', () => {
    for (const [name, field] of Object.entries(operation.params.shape)) {
      const example = paramMeta(field)?.example;
      expect(example, name).toBeDefined();
      expect(find({ [name]: example! }).length, name).toBeGreaterThan(0);
    }
  });

  it('holds a few hundred airplanes of several airlines, unique by id, registration and hex code', () => {
    const fleet = demoFleet();
    expect(fleet.length).toBeGreaterThanOrEqual(300);
    expect(new Set(fleet.map((plane) => plane.codeIataAirline)).size).toBeGreaterThanOrEqual(10);
    for (const field of ['airplaneId', 'numberRegistration', 'hexIcaoAirplane'] as const)
      expect(new Set(fleet.map((plane) => plane[field])).size).toBe(fleet.length);
    expect(airplanesResponse.safeParse(fleet).success).toBe(true);
    expect(fleet.every((plane) => /^[0-9A-F]{6}$/.test(plane.hexIcaoAirplane))).toBe(true);
    expect(fleet.filter((plane) => plane.codeIataAirline === 'LH').every((plane) => plane.numberRegistration.startsWith('D-AI'))).toBe(
      true,
    );
  });

  it('filters by airline, registration and hex code, each without regard to case', () => {
    const lufthansa = find({ codeIataAirline: 'lh' });
    expect(lufthansa.length).toBeGreaterThan(20);
    expect(
      lufthansa.every((plane) => plane.codeIataAirline === 'LH' && plane.codeIcaoAirline === 'DLH' && plane.planeOwner === 'Lufthansa'),
    ).toBe(true);
    const target = demoFleet()[123]!;
    expect(find({ numberRegistration: target.numberRegistration.toLowerCase() })).toEqual([target]);
    expect(find({ hexIcaoAirplane: target.hexIcaoAirplane.toLowerCase() })).toEqual([target]);
  });

  it('combines filters with AND', () => {
    const target = demoFleet().find((plane) => plane.codeIataAirline === 'EK')!;
    expect(find({ numberRegistration: target.numberRegistration, codeIataAirline: 'EK' })).toEqual([target]);
    expect(ask({ numberRegistration: target.numberRegistration, codeIataAirline: 'LH' })).toEqual(NO_RECORD_FOUND);
  });

  it('answers no match with HTTP 200 "No Record Found", which the success adapter reads', () => {
    const body = ask({ codeIataAirline: 'ZZ' });
    expect(body).toEqual(NO_RECORD_FOUND);
    expect(operation.adapters.success(body)).toEqual({ ok: false, message: 'No Record Found' });
    expect(airplanesDemo({ lookup: airplanes, operation, params: {}, requestId: 'test' }).body).toEqual(NO_RECORD_FOUND);
  });

  it('writes ISO 8601 dates (the zero date only as rolloutDate) and counts planeAge to the demo clock, 2026-11-01', () => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const clock = Date.UTC(2026, 10, 1);
    for (const plane of demoFleet()) {
      for (const field of ['firstFlight', 'deliveryDate', 'registrationDate'] as const) expect(plane[field], field).toMatch(iso);
      expect(plane.rolloutDate === '0000-00-00' || iso.test(plane.rolloutDate)).toBe(true);
      expect(Date.parse(plane.registrationDate)).toBeGreaterThanOrEqual(Date.parse(plane.deliveryDate));
      expect(Date.parse(plane.registrationDate)).toBeLessThanOrEqual(clock);
      expect(Number(plane.planeAge)).toBe(Math.floor((clock - Date.parse(plane.deliveryDate)) / (365.25 * 86_400_000)));
    }
    expect(demoFleet().some((plane) => plane.registrationDate !== plane.deliveryDate)).toBe(true);
  });

  it('is deterministic and keeps every value a plausible string', () => {
    expect(JSON.stringify(ask({ codeIataAirline: 'QF' }))).toBe(JSON.stringify(ask({ codeIataAirline: 'QF' })));
    for (const plane of demoFleet()) {
      expect(Date.parse(plane.deliveryDate)).toBeGreaterThan(Date.parse(plane.firstFlight));
      expect(Number(plane.planeAge)).toBeGreaterThanOrEqual(0);
      expect(['2', '4']).toContain(plane.enginesCount);
    }
  });
});
