// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type * as GeoWorld from './geo-world.ts';
import { haversineMetres } from '../lookups/earth.ts';
import { crimeIncidents, crimeIncidentsResponse, INCIDENTS_PER_PAGE } from '../lookups/l-crime-incidents.ts';
import { crimeIncidentsDemo } from './l-crime-incidents.ts';
import { cellRng, cellsAround, placeAt } from './geo-world.ts';
import { demoAsker } from './testing/ask-demo.ts';

// The work of an answer, counted without a clock through the real functions: a cell-day drawn
// event by event seeds cellRng, and every incident built names its place (placeAt).
vi.mock('./geo-world.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof GeoWorld>();
  return { ...actual, cellRng: vi.fn(actual.cellRng), placeAt: vi.fn(actual.placeAt) };
});

function counted<T>(work: () => T): { result: T; cellDaysDrawn: number; incidentsBuilt: number } {
  vi.mocked(cellRng).mockClear();
  vi.mocked(placeAt).mockClear();
  const result = work();
  return { result, cellDaysDrawn: vi.mocked(cellRng).mock.calls.length, incidentsBuilt: vi.mocked(placeAt).mock.calls.length };
}

const operation = crimeIncidents.operations[0];
type Incident = {
  incident_code: string;
  incident_date: string;
  incident_latitude: number;
  incident_longitude: number;
  incident_offense_crime_against: string;
  incident_offense_action: string;
};
type Envelope = { total_incidents: number; total_pages: number; incidents: Incident[] };

const ask = demoAsker(crimeIncidentsDemo, crimeIncidents);
function envelope(values: Record<string, string>) {
  const response = ask(values);
  expect(response.status).toBe(200);
  expect(crimeIncidentsResponse.safeParse(response.body).success).toBe(true);
  return (response.body as Envelope[])[0]!;
}

const example = operation.example;
const week = { ...example, distance: '2mi' };

describe('L demo', () => {
  it('answers the example with incidents that parse and that the records adapter finds', () => {
    const response = ask(example);
    expect(operation.adapters.records(response.body)!.length).toBeGreaterThan(0);
  });

  it('returns only incidents within the distance and the window, newest first, with NIBRS categories', () => {
    const { incidents } = envelope(example);
    for (const incident of incidents) {
      expect(haversineMetres(37.7749, -122.4194, incident.incident_latitude, incident.incident_longitude)).toBeLessThanOrEqual(1610);
      expect(incident.incident_date >= example.datetime_ini! && incident.incident_date <= example.datetime_end!).toBe(true);
      expect(['Person', 'Property', 'Society', 'Not a Crime']).toContain(incident.incident_offense_crime_against);
      expect(['committed', 'attempted']).toContain(incident.incident_offense_action);
    }
    const dates = incidents.map((incident) => incident.incident_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages by 50 through the same ordered list', () => {
    const first = envelope({ ...week, page: '1' });
    expect(first.total_pages).toBe(Math.ceil(first.total_incidents / INCIDENTS_PER_PAGE));
    expect(first.total_pages).toBeGreaterThan(2);
    expect(first.incidents).toHaveLength(INCIDENTS_PER_PAGE);
    const second = envelope({ ...week, page: '2' });
    expect(second.total_incidents).toBe(first.total_incidents);
    expect(second.incidents[0]!.incident_date <= first.incidents.at(-1)!.incident_date).toBe(true);
    const codes = new Set(first.incidents.map((incident) => incident.incident_code));
    expect(second.incidents.some((incident) => codes.has(incident.incident_code))).toBe(false);
    const last = envelope({ ...week, page: String(first.total_pages) });
    expect(last.incidents.length).toBe(first.total_incidents - (first.total_pages - 1) * INCIDENTS_PER_PAGE);
    expect(envelope({ ...week, page: String(first.total_pages + 1) }).incidents).toEqual([]);
  });

  it('gives a narrower window a subset of the same incidents', () => {
    const all = envelope({ ...example, distance: '.5mi' });
    const day = envelope({
      ...example,
      distance: '.5mi',
      datetime_ini: '2024-05-04T00:00:00.000Z',
      datetime_end: '2024-05-04T23:59:59.999Z',
    });
    expect(day.total_incidents).toBeLessThan(all.total_incidents);
    const codes = new Set(all.incidents.map((incident) => incident.incident_code));
    for (const incident of day.incidents) expect(codes.has(incident.incident_code)).toBe(true);
  });

  it('answers anywhere in the US by population: Denver, a small town, the countryside; nothing abroad', () => {
    const around = (lat: number, lon: number, distance = '5mi') =>
      envelope({ ...example, lat: String(lat), lon: String(lon), distance }).total_incidents;
    const denver = envelope({ ...example, lat: '39.7392', lon: '-104.9903', distance: '5mi' });
    expect(denver.total_incidents).toBeGreaterThan(200);
    expect(denver.incidents[0]).toMatchObject({ city_key: 'US DEN', incident_source_name: 'Denver Police Department' });
    const town = around(44.0805, -103.231); // Rapid City, SD
    const countryside = around(43.0, -101.0, '20mi'); // rural South Dakota
    expect(town).toBeGreaterThan(0);
    expect(town).toBeLessThan(denver.total_incidents);
    expect(countryside).toBeGreaterThan(0);
    expect(around(48.8566, 2.3522)).toBe(0);
  });

  it('refuses searches too large for the demo with a provider-style message', () => {
    const response = ask({
      ...example,
      distance: '200km',
      datetime_ini: '2020-01-01T00:00:00.000Z',
      datetime_end: '2023-01-01T00:00:00.000Z',
    });
    expect(response).toEqual({ status: 400, body: { message: 'The search is too large: reduce the distance or the time window' } });
  });

  it('answers a page far past the end from the count alone, empty, with the same totals', () => {
    // 40 km around San Francisco for 15 months: drawing all 300,000 incidents took over a second.
    const wide = { ...example, distance: '40km', datetime_ini: '2023-01-01T00:00:00.000Z', datetime_end: '2024-04-05T00:00:00.000Z' };
    const first = counted(() => envelope({ ...wide, page: '1' }));
    expect(first.result.total_incidents).toBeGreaterThan(250_000);
    const far = counted(() => envelope({ ...wide, page: '999999999' }));
    expect(far.result).toEqual({ total_incidents: first.result.total_incidents, total_pages: first.result.total_pages, incidents: [] });
    // Full incidents only for the page sent; drawing only the cell-days the count cannot do without
    // (the circle's edge, the window's ends): no more for the far page than for the first, and far
    // from the 130,000 cell-days around the circle that drawing every incident visits.
    expect(first.incidentsBuilt).toBe(INCIDENTS_PER_PAGE);
    expect(far.incidentsBuilt).toBe(0);
    const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
    const cellDays = cellsAround(Number(wide.lat), Number(wide.lon), 40_000).length * (day(wide.datetime_end) - day(wide.datetime_ini) + 1);
    expect(first.cellDaysDrawn).toBeGreaterThan(0);
    expect(far.cellDaysDrawn).toBeLessThanOrEqual(first.cellDaysDrawn);
    expect(first.cellDaysDrawn).toBeLessThan(cellDays / 3);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask(week).body)).toBe(JSON.stringify(ask(week).body));
  });
});
