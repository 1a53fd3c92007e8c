// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type * as Seeded from './seeded.ts';
import { chargingStations, chargingStationsResponse } from '../lookups/b-charging-stations.ts';
import { fromXml } from '../lookups/xml.ts';
import { chargingStationsDemo, STATIONS_PER_ANSWER } from './b-charging-stations.ts';
import { haversineMetres } from '../lookups/earth.ts';
import { seededFaker } from './seeded.ts';
import { demoAsker } from './testing/ask-demo.ts';

// A station built in full gets a faker of its own (the costly part): counting calls to the real
// seededFaker measures how many stations an answer builds, without a clock.
vi.mock('./seeded.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Seeded>();
  return { ...actual, seededFaker: vi.fn(actual.seededFaker) };
});

const [jsonOperation, xmlOperation] = chargingStations.operations;

type Body = {
  hasMore: boolean;
  count: number;
  evStations: {
    evStation: Array<{
      id: string;
      distance: number;
      position: { latitude: number; longitude: number };
      connectors: { connector: Array<{ connectorType: { id: string } }> };
    }>;
  };
};

const askDemo = demoAsker(chargingStationsDemo, chargingStations);
const ask = (values: Record<string, string>, operation: typeof jsonOperation | typeof xmlOperation = jsonOperation) =>
  askDemo(values, { operation });
const stations = (values: Record<string, string>) => (ask(values).body as Body).evStations.evStation;

describe('B demo', () => {
  it('answers the example with stations that parse and that the records adapter finds', () => {
    for (const operation of chargingStations.operations) {
      const response = ask(operation.example, operation);
      expect(response.status).toBe(200);
      const body = operation.format === 'xml' ? fromXml(response.body as string, operation) : response.body;
      expect(chargingStationsResponse.safeParse(body).success).toBe(true);
      expect(operation.adapters!.records!(body)!.length).toBeGreaterThan(0);
    }
  });

  it('returns nearest stations first with their true integer distance within the radius', () => {
    const found = stations({ prox: '52.52,13.405,4000' });
    expect(found).toHaveLength(STATIONS_PER_ANSWER);
    const distances = found.map((station) => station.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const station of found) {
      expect(Number.isInteger(station.distance)).toBe(true);
      expect(
        Math.abs(station.distance - haversineMetres(52.52, 13.405, station.position.latitude, station.position.longitude)),
      ).toBeLessThan(1);
      expect(station.distance).toBeLessThanOrEqual(4000);
    }
  });

  it('says hasMore and count honestly', () => {
    const many = ask({ prox: '52.52,13.405,4000' }).body as Body;
    expect(many).toMatchObject({ hasMore: true, count: STATIONS_PER_ANSWER });
    const few = ask({ prox: '52.52,13.405,300' }).body as Body;
    expect(few.hasMore).toBe(false);
    expect(few.count).toBe(few.evStations.evStation.length);
    expect(ask({ prox: '40,-30,1000' }).body).toEqual({ hasMore: false, count: 0, evStations: { evStation: [] } });
  });

  it('keeps only stations with a connector of a wanted type', () => {
    const all = stations({ prox: '52.52,13.405,3000' });
    const chademo = stations({ prox: '52.52,13.405,3000', connectortype: '13' });
    expect(chademo.length).toBeGreaterThan(0);
    expect(chademo.length).toBeLessThanOrEqual(all.length);
    for (const station of chademo) expect(station.connectors.connector.some((c) => c.connectorType.id === '13')).toBe(true);
    expect(stations({ prox: '52.52,13.405,3000', connectortype: '41' })).toEqual([]);
  });

  it('shows a place the same whichever circle finds it', () => {
    const near = stations({ prox: '52.52,13.405,800' });
    const wider = stations({ prox: '52.521,13.406,3000' });
    const widerById = new Map(wider.map((station) => [station.id, station]));
    const shared = near.filter((station) => widerById.has(station.id));
    expect(shared.length).toBeGreaterThan(0);
    for (const station of shared) expect({ ...widerById.get(station.id), distance: 0 }).toEqual({ ...station, distance: 0 });
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask(jsonOperation.example).body)).toBe(JSON.stringify(ask(jsonOperation.example).body));
  });

  it('sends the same content as XML on the .xml path', () => {
    const values = { prox: '52.52,13.405,2000', connectortype: '29' };
    const xml = ask(values, xmlOperation);
    expect(xml.contentType).toBe('application/xml; charset=utf-8');
    expect(typeof xml.body).toBe('string');
    expect(fromXml(xml.body as string, xmlOperation)).toEqual(ask(values).body);
  });

  it('answers the widest circle (200 km) building only the stations it sends', () => {
    vi.mocked(seededFaker).mockClear();
    const body = ask({ prox: '52.52,13.405,200000' }).body as Body;
    // The circle holds thousands of stations: each is placed cheaply to find the nearest 20, and
    // only those 20 are built.
    expect(body.count).toBe(STATIONS_PER_ANSWER);
    expect(body.hasMore).toBe(true);
    expect(vi.mocked(seededFaker)).toHaveBeenCalledTimes(STATIONS_PER_ANSWER);
  });
});
