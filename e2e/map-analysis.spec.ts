// Map analysis end to end (issue 24), on L's example (demo data): the legend of the colour column
// filters the table like a facet, `layer=heat` draws a canvas, `time=` and `area=` narrow the
// table's count to the records inside them (checked against the answer's own times and coordinates).
import { blockExternalRequests, expect, expectRecorded, test } from './fixtures.ts';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

interface Incident {
  incident_date: string;
  incident_latitude: number;
  incident_longitude: number;
}

/** Sends H's example and waits until History holds it (it is written a moment after it shows). */
async function sendHToHistory(page: Page): Promise<void> {
  await page.goto('/lookups/h');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(results(page).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });
  await expectRecorded(page, 1);
}

/** Sends L's example and hands back the page's URL (the sent query) and the incidents answered. */
async function sendL(page: Page): Promise<{ search: string; incidents: Incident[] }> {
  await blockExternalRequests(page);
  await page.goto('/lookups/l');
  // Exact coordinates: masked ones are rounded, which says little about an area.
  await page.getByRole('checkbox', { name: /Mask personal data/ }).uncheck();
  await page.getByRole('button', { name: 'Try an example' }).click();
  const answer = page.waitForResponse((response) => response.url().includes('/proxy/l/'));
  await page.getByRole('button', { name: 'Send request' }).click();
  const body = (await (await answer).json()) as Array<{ incidents: Incident[] }>;
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });
  return { search: new URL(page.url()).search, incidents: body[0]!.incidents };
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const tableCount = (page: Page) =>
  results(page)
    .getByRole('status')
    .filter({ hasText: /records?$/ });

async function shownOnTable(page: Page): Promise<{ shown: number; total: number }> {
  await results(page).getByRole('tab', { name: 'Table' }).click();
  const text = (await tableCount(page).textContent())!;
  const numbers = [...text.matchAll(/[\d,]+/g)].map((match) => Number(match[0].replace(/,/g, '')));
  return numbers.length === 2 ? { shown: numbers[0]!, total: numbers[1]! } : { shown: numbers[0]!, total: numbers[0]! };
}

test('L: the legend of incident_offense filters the table like a facet; heat draws a canvas', async ({ page }) => {
  test.slow();
  const { search, incidents } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map&color=incident_offense`);
  const legend = results(page).getByRole('list', { name: 'Legend' });
  const entries = legend.getByRole('button');
  await expect(entries.nth(2)).toBeVisible({ timeout: 20_000 });
  expect(await entries.count()).toBeGreaterThanOrEqual(3);

  const first = entries.first();
  const [, category, countText] = /^(.+) ([\d,]+)$/.exec((await first.textContent())!.trim())!;
  await first.click();
  await expect(page).toHaveURL(/f=incident_offense%3Aeq%3A/);
  const { shown, total } = await shownOnTable(page);
  expect(total).toBe(incidents.length);
  expect(shown).toBe(Number(countText!.replace(/,/g, '')));
  expect(shown).toBeLessThan(total);
  expect(incidents.filter((incident) => (incident as unknown as Record<string, string>).incident_offense === category)).toHaveLength(shown);

  await page.goto(`/lookups/l${search}&view=map&layer=heat`);
  await expect(results(page).locator('canvas.map-heat')).toHaveCount(1, { timeout: 20_000 });
});

test('L: clusters are pies of the legend’s colours; a legend click leaves only its category in them', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map&color=incident_offense`);
  const entries = results(page).getByRole('list', { name: 'Legend' }).getByRole('button');
  await expect(entries.nth(2)).toBeVisible({ timeout: 20_000 });
  const names = (await entries.allTextContents()).map((text) => /^(.+) [\d,]+$/.exec(text.trim())![1]!);
  const pies = results(page).locator('.map-cluster--pie');
  await expect(pies.first()).toBeVisible({ timeout: 20_000 });
  // A bubble's title names its largest categories, each one of the legend's.
  const title = (await pies.first().getAttribute('title'))!;
  const [, count, parts] = /^(\d+) records: (.+); zoom in$/.exec(title)!;
  const slices = parts!.split(', ').map((part) => /^(\d+) (.+)$/.exec(part)!);
  for (const [, , name] of slices) expect([...names, 'Other']).toContain(name);
  expect(slices.reduce((sum, [, share]) => sum + Number(share), 0)).toBeLessThanOrEqual(Number(count));

  const [, picked, pickedCount] = /^(.+) ([\d,]+)$/.exec((await entries.nth(1).textContent())!.trim())!;
  await entries.nth(1).click();
  const summary = results(page).locator('.map-toolbar__count');
  await expect(summary).toContainText(`filtered: ${pickedCount} records`, { timeout: 20_000 });
  // Every bubble left holds that category only: "12 records: 12 Assault; zoom in".
  const onlyPicked = (title: string) => {
    const [, count, share, name] = /^(\d+) records: (\d+) (.+); zoom in$/.exec(title) ?? [];
    return count !== undefined && count === share && name === picked;
  };
  await expect
    .poll(async () => (await pies.evaluateAll((bubbles) => bubbles.map((bubble) => bubble.getAttribute('title') ?? ''))).every(onlyPicked))
    .toBe(true);
  expect(await pies.count()).toBeGreaterThan(0);
});

test('L: rebuilding the clusters (a legend click, then back) leaves one canvas on the map, not one per rebuild', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map&color=incident_offense`);
  const entries = results(page).getByRole('list', { name: 'Legend' }).getByRole('button');
  await expect(entries.nth(2)).toBeVisible({ timeout: 20_000 });
  const map = results(page).locator('.leaflet-container');
  const frames = async () => Number((await map.getAttribute('data-cluster-frames')) ?? 0);
  await expect.poll(frames).toBeGreaterThan(0);
  for (let round = 0; round < 2; round += 1) {
    const before = await frames();
    await entries.first().click();
    await expect.poll(frames).toBeGreaterThan(before);
  }
  // Each rebuild's canvas renderer leaves with its frame (a stale one was redrawn after removal).
  await expect.poll(() => map.locator('.leaflet-overlay-pane canvas').count()).toBeLessThanOrEqual(1);
});

test('L: time= and area= narrow the table to the records inside them', async ({ page }) => {
  test.slow();
  const { search, incidents } = await sendL(page);
  const times = incidents.map((incident) => Date.parse(incident.incident_date)).sort((a, b) => a - b);
  const from = new Date(times[Math.floor(times.length / 4)]!).toISOString();
  const to = new Date(times[Math.floor((times.length * 3) / 4)]!).toISOString();
  const inTime = incidents.filter(
    (incident) => Date.parse(incident.incident_date) >= Date.parse(from) && Date.parse(incident.incident_date) <= Date.parse(to),
  );
  await page.goto(`/lookups/l${search}&view=table&time=${from}/${to}`);
  await expect(tableCount(page)).toHaveText(
    `Showing ${inTime.length.toLocaleString('en-US')} of ${incidents.length.toLocaleString('en-US')} records`,
    { timeout: 20_000 },
  );
  expect(inTime.length).toBeLessThan(incidents.length);
  // The histogram's window moves with the keyboard and writes time= again.
  await results(page).getByRole('tab', { name: 'Map' }).click();
  const slider = results(page).getByRole('slider', { name: 'Time window' });
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(page).not.toHaveURL(new RegExp(`time=${encodeURIComponent(from)}`));
  await expect(page).toHaveURL(/time=\d{4}-/);

  // A rectangle over the south-west quarter of the answer's points, as a polygon of four corners.
  const lats = incidents.map((incident) => incident.incident_latitude).sort((a, b) => a - b);
  const lons = incidents.map((incident) => incident.incident_longitude).sort((a, b) => a - b);
  const [south, north] = [lats[0]! - 0.001, lats[Math.floor(lats.length / 2)]!];
  const [west, east] = [lons[0]! - 0.001, lons[Math.floor(lons.length / 2)]!];
  const inside = incidents.filter(
    (incident) =>
      incident.incident_latitude > south &&
      incident.incident_latitude < north &&
      incident.incident_longitude > west &&
      incident.incident_longitude < east,
  );
  const area = `${south},${west};${north},${west};${north},${east};${south},${east}`;
  await page.goto(`/lookups/l${search}&view=table&area=${area}`);
  await expect(tableCount(page)).toHaveText(
    `Showing ${inside.length.toLocaleString('en-US')} of ${incidents.length.toLocaleString('en-US')} records`,
    { timeout: 20_000 },
  );
  expect(inside.length).toBeGreaterThan(0);
  expect(inside.length).toBeLessThan(incidents.length);
  await expect(results(page).getByRole('list', { name: 'Map filters' })).toContainText('Inside the drawn area');

  // The map's exports: the GeoJSON holds the records inside the area, the PNG is an image of the map.
  await results(page).getByRole('tab', { name: 'Map' }).click();
  const geojson = await download(page, results(page).getByRole('button', { name: 'Export GeoJSON' }));
  const features = (JSON.parse(geojson.bytes.toString('utf8')) as { features: Array<{ geometry: { coordinates: [number, number] } }> })
    .features;
  expect(features).toHaveLength(inside.length);
  for (const { geometry } of features) {
    expect(geometry.coordinates[1]).toBeGreaterThan(south);
    expect(geometry.coordinates[1]).toBeLessThan(north);
  }
  const png = await download(page, results(page).getByRole('button', { name: 'Export PNG' }));
  expect(png.name).toMatch(/\.png$/);
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.bytes.length).toBeGreaterThan(1000);
});

test('L with H from History as a layer: layers= in the URL, two legends', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  await sendHToHistory(page);

  await page.goto(`/lookups/l${search}&view=map`);
  const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
  await expect(add.getByRole('option', { name: /^H · / })).toHaveCount(1, { timeout: 20_000 });
  const value = await add.getByRole('option', { name: /^H · / }).getAttribute('value');
  await add.selectOption(value!);
  await expect(page).toHaveURL(new RegExp(`layers=${value}`));
  await expect(results(page).getByRole('list', { name: /^Legend/ })).toHaveCount(2, { timeout: 20_000 });
  await expect(results(page).getByRole('list', { name: /^Legend: H · / })).toBeVisible();
  await expect(results(page).getByRole('checkbox', { name: /^Show H · / })).toBeChecked();

  // Hiding and showing the layer again leaves one canvas for it, not one per redraw.
  const show = results(page).getByRole('checkbox', { name: /^Show H · / });
  for (let round = 0; round < 3; round += 1) {
    await show.uncheck();
    await show.check();
  }
  await expect.poll(() => results(page).locator('.leaflet-overlay-pane canvas').count()).toBeLessThanOrEqual(2);

  // The link alone brings the layer back.
  await page.reload();
  await expect(results(page).getByRole('list', { name: /^Legend/ })).toHaveCount(2, { timeout: 20_000 });
});

test('a link whose layer is in another browser’s History says so in the map', async ({ page, browser }) => {
  test.slow();
  const { search } = await sendL(page);
  await sendHToHistory(page);
  await page.goto(`/lookups/l${search}&view=map`);
  const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
  await add.selectOption((await add.getByRole('option', { name: /^H · / }).getAttribute('value'))!);
  await expect(results(page).getByRole('list', { name: /^Legend/ })).toHaveCount(2, { timeout: 20_000 });

  // A colleague's browser: the link's layer id names nothing in its History.
  const other = await (await browser.newContext()).newPage();
  await blockExternalRequests(other);
  await other.goto(page.url());
  await expect(results(other).getByText('This layer was added in another browser and was not shared.')).toBeVisible({ timeout: 20_000 });
  await expect(results(other).getByRole('button', { name: 'Remove the added layers' })).toBeVisible();
  await other.context().close();
});

test('L at zoom 15 over San Francisco offline: the demo’s own streets, with no request leaving the machine', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map`);
  const map = results(page).getByRole('region', { name: /^Map of / });
  const streets = map.locator('.leaflet-demo-streets-pane');
  await expect(streets).toHaveAttribute('data-zoom', /\d/, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // From here on, every request is recorded: none may leave the machine.
  const outside: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') outside.push(request.url());
  });
  for (let step = 0; step < 6; step += 1) {
    const zoom = Number(await streets.getAttribute('data-zoom'));
    if (zoom === 15) break;
    await map.getByRole('button', { name: zoom < 15 ? 'Zoom in' : 'Zoom out' }).click();
    await expect(streets).not.toHaveAttribute('data-zoom', String(zoom));
  }
  await expect(streets).toHaveAttribute('data-zoom', '15');
  await expect(streets.locator('canvas')).toHaveCount(1);
  await expect(streets).toHaveAttribute('data-streets', /^[1-9]\d*$/);
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
});

test('L: a rectangle drawn on the map becomes area=, and "Search this area" sends the circle covering it', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map`);
  const map = results(page).getByRole('region', { name: /^Map of / });
  await expect(map).toBeVisible({ timeout: 20_000 });
  await results(page).getByRole('button', { name: 'Draw a rectangle' }).click();
  await expect(results(page).getByRole('button', { name: 'Draw a rectangle' })).toHaveAttribute('aria-pressed', 'true');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  // Geoman (loaded now) shows its drawing hint by the cursor; it draws a rectangle from one click to the next.
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await expect(page.locator('.leaflet-tooltip')).not.toHaveCount(0, { timeout: 10_000 });
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 4 });
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await expect(page).toHaveURL(/area=[-\d.]+%2C[-\d.]+%3B/);
  await expect(map.locator('path.map-area')).toHaveCount(1);

  const sent = page.waitForRequest((request) => request.url().includes('/proxy/l/'));
  await results(page).getByRole('button', { name: 'Search this area' }).click();
  const url = new URL((await sent).url());
  const area = new URL(page.url()).searchParams
    .get('area')!
    .split(';')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
  const lat = Number(url.searchParams.get('lat'));
  const lon = Number(url.searchParams.get('lon'));
  const lats = area.map(([cornerLat]) => cornerLat);
  const lons = area.map(([, cornerLon]) => cornerLon);
  expect(lat).toBeGreaterThan(Math.min(...lats));
  expect(lat).toBeLessThan(Math.max(...lats));
  expect(lon).toBeGreaterThan(Math.min(...lons));
  expect(lon).toBeLessThan(Math.max(...lons));
  await expect(page).toHaveURL(/area=/);
});

test('L as a bulk run: the merged map has the legend and the time histogram, and a legend click narrows the table', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  // The example's other parameters are the run's constants; each row brings its own place.
  await page.goto(`/lookups/l/bulk${search}`);
  const rows = 'lat,lon\n37.7749,-122.4194\n37.7849,-122.4094\n';
  await page.getByLabel('Upload a CSV or JSON file').setInputFiles({ name: 'places.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'finished' })).toHaveText(/^2 done · 0 failed/, { timeout: 30_000 });

  const merged = page.getByRole('region', { name: 'Merged results' });
  await merged.getByRole('tab', { name: 'Map' }).click();
  const entries = merged.getByRole('list', { name: 'Legend' }).getByRole('button');
  await expect(entries.nth(2)).toBeVisible({ timeout: 20_000 });
  await expect(merged.getByRole('slider', { name: 'Time window' })).toBeVisible();
  const [, countText] = /^.+ ([\d,]+)$/.exec((await entries.first().textContent())!.trim())!;
  await entries.first().click();
  // The view is in the bulk page's URL too, and the table follows the legend.
  await expect(page).toHaveURL(/f=incident_offense%3Aeq%3A/);
  await merged.getByRole('tab', { name: 'Table' }).click();
  await expect(merged.getByRole('status').filter({ hasText: /records?$/ })).toHaveText(
    new RegExp(`^Showing ${countText} of [\\d,]+ records$`),
  );

  // The run joins L's own answer as a layer, with its own legend.
  await page.goto(`/lookups/l${search}&view=map`);
  const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
  const run = add.getByRole('option', { name: /run over places\.csv \(2 queries\)/ });
  await expect(run).toHaveCount(1, { timeout: 20_000 });
  await add.selectOption((await run.getAttribute('value'))!);
  await expect(page).toHaveURL(/layers=run-/);
  await expect(results(page).getByRole('list', { name: /^Legend: L\. .*run over places\.csv/ })).toBeVisible({ timeout: 20_000 });
  await expect(results(page).getByRole('checkbox', { name: /^Show L\. .*run over places\.csv/ })).toBeChecked();
});

const M_EXAMPLE =
  '/lookups/m?lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00:00:00.000Z&datetime_end=2024-05-08T00:00:00.000Z&view=map';

test('M: "Colour by" names call_type, the column in use; "(none)" takes the colours away and call_type brings them back', async ({
  page,
}) => {
  test.slow(); // M's example is 10,000 calls
  await blockExternalRequests(page);
  await page.goto(M_EXAMPLE);
  const colourBy = results(page).getByLabel('Colour by');
  const legend = results(page).getByRole('list', { name: 'Legend' });
  const pies = results(page).locator('.map-cluster--pie');
  await expect(legend).toBeVisible({ timeout: 30_000 });
  await expect(colourBy).toHaveValue('call_type');
  await expect(pies.first()).toBeVisible();

  await colourBy.selectOption({ label: '(none)' });
  await expect(page).toHaveURL(/[?&]color=none(&|$)/);
  await expect(colourBy).toHaveValue('');
  await expect(legend).toHaveCount(0);
  await expect(results(page).locator('.map-cluster').first()).toBeVisible();
  await expect(pies).toHaveCount(0);

  await colourBy.selectOption('call_type');
  await expect(legend).toBeVisible();
  await expect(pies.first()).toBeVisible();
});

test('L and M: "Size by" is not offered where the answer has no amount (only coordinates and codes); B offers its connector count', async ({
  page,
}) => {
  test.slow();
  await blockExternalRequests(page);
  const { search } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map`);
  await expect(results(page).getByLabel('Colour by')).toBeVisible({ timeout: 20_000 });
  await expect(results(page).getByLabel('Size by')).toHaveCount(0);

  await page.goto(M_EXAMPLE);
  await expect(results(page).getByLabel('Colour by')).toBeVisible({ timeout: 30_000 });
  await expect(results(page).getByLabel('Size by')).toHaveCount(0);

  await page.goto('/lookups/b');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  const sizeBy = results(page).getByLabel('Size by');
  await expect(sizeBy).toBeVisible({ timeout: 20_000 });
  const offered = (await sizeBy.locator('option').allTextContents()).filter((text) => text !== '(none)');
  expect(offered).toContain('totalNumberOfConnectors');
  for (const column of offered) expect(column).not.toMatch(/lat|lon|[Ii]d$|[Cc]ode$/);
});

/** A smooth ring of `count` corners, `radius` metres about (lat, lon), as [lat, lon] pairs. */
function ringAbout(lat: number, lon: number, radius: number, count: number): Array<[number, number]> {
  const perDegree = (6_371_008.8 * Math.PI) / 180;
  return Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
    return [lat + (radius * Math.sin(angle)) / perDegree, lon + (radius * Math.cos(angle)) / (perDegree * Math.cos((lat * Math.PI) / 180))];
  });
}

/** How far, in metres, the corner lies from the nearest edge of the ring (flat, about the corner). */
function metresFromRing([lat, lon]: [number, number], ring: ReadonlyArray<[number, number]>): number {
  const perDegree = (6_371_008.8 * Math.PI) / 180;
  const xy = ([a, b]: [number, number]) => [(b - lon) * perDegree * Math.cos((lat * Math.PI) / 180), (a - lat) * perDegree] as const;
  let nearest = Infinity;
  for (let index = 0; index < ring.length; index += 1) {
    const [ax, ay] = xy(ring[index]!);
    const [bx, by] = xy(ring[(index + 1) % ring.length]!);
    const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (-ax * (bx - ax) - ay * (by - ay)) / length2));
    nearest = Math.min(nearest, Math.hypot(ax + t * (bx - ax), ay + t * (by - ay)));
  }
  return nearest;
}

test('L: a 5,000-corner area goes into the link simplified within 5 m, and the link loads with the area', async ({ page }) => {
  test.slow();
  const { search } = await sendL(page);
  await page.goto(`/lookups/l${search}&view=map`);
  await expect(results(page).locator('.map-cluster').first()).toBeVisible({ timeout: 20_000 });
  // The area comes in as the app's own navigation would bring it (no request to the server for it).
  const ring = ringAbout(37.7749, -122.4194, 1200, 5000);
  const area = ring.map(([lat, lon]) => `${lat.toFixed(6)},${lon.toFixed(6)}`).join(';');
  await page.evaluate(
    (next) => {
      history.pushState(history.state, '', next);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    `/lookups/l${search}&view=map&area=${encodeURIComponent(area)}`,
  );
  await expect(results(page).locator('path.map-area')).toBeVisible({ timeout: 20_000 });

  // Any change of view writes the link again: with the area simplified.
  await results(page).getByRole('tab', { name: 'Table' }).click();
  await expect(page).toHaveURL(/view=table/);
  const link = page.url();
  const written = new URL(link).searchParams.get('area')!;
  const corners = written.split(';').map((pair) => pair.split(',').map(Number) as [number, number]);
  expect(corners.length).toBeGreaterThanOrEqual(3);
  expect(corners.length).toBeLessThanOrEqual(200);
  expect(link.length).toBeLessThan(16_384);
  // Every corner drawn lies within the tolerance (and the 6-decimal rounding) of the simplified outline.
  for (const corner of ring) expect(metresFromRing(corner, corners)).toBeLessThanOrEqual(5.2);

  const response = await page.goto(link);
  expect(response!.status()).toBe(200);
  await expect(results(page).getByRole('list', { name: 'Map filters' })).toContainText('Inside the drawn area', { timeout: 20_000 });
  await results(page).getByRole('tab', { name: 'Map' }).click();
  await expect(results(page).locator('path.map-area')).toBeVisible({ timeout: 20_000 });
});

test('L with M from History as a layer: the layer’s legend is its one colour, and the drawn area keeps only its points inside', async ({
  page,
}) => {
  test.slow(); // M's example is 10,000 calls
  const { search, incidents } = await sendL(page);
  // M's example (unmasked, as sendL left the switch), recorded in History like every answer.
  const answer = page.waitForResponse((response) => response.url().includes('/proxy/m/'));
  await page.goto(M_EXAMPLE);
  const calls = (
    (await (await answer).json()) as { incidents: Array<{ call_latitude: number | string; call_longitude: number | string }> }
  ).incidents.map((call) => ({
    lat: Number(call.call_latitude),
    lon: Number(call.call_longitude),
  }));
  await expect(results(page).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 30_000 });
  // Written to History a moment after it is shown (10,000 calls compressed): leaving before then would lose it.
  await expectRecorded(page, 1);

  await page.goto(`/lookups/l${search}&view=map`);
  const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
  await expect(add.getByRole('option', { name: /^M · / }).first()).toBeAttached({ timeout: 20_000 });
  const value = await add.getByRole('option', { name: /^M · / }).first().getAttribute('value');
  await add.selectOption(value!);
  const layerLegend = results(page).getByRole('list', { name: /^Legend: M · / });
  await expect(layerLegend).toBeVisible({ timeout: 30_000 });

  // Every swatch of the layer's legend is the colour its points are drawn in (the toggle's swatch).
  const swatchColour = (swatch: Element) => getComputedStyle(swatch).backgroundColor;
  const layerColour = await results(page)
    .getByRole('checkbox', { name: /^Show M · / })
    .locator('xpath=..')
    .locator('.map-legend__swatch')
    .evaluate(swatchColour);
  const colours = await layerLegend
    .locator('.map-legend__swatch')
    .evaluateAll((swatches) => swatches.map((swatch) => getComputedStyle(swatch).backgroundColor));
  expect(colours.length).toBeGreaterThan(1);
  for (const colour of colours) expect(colour).toBe(layerColour);

  /** The layer legend's counts, "Other" included. */
  const legendTotal = async () =>
    (await layerLegend.locator('.map-legend__count').allTextContents()).reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0);
  await expect.poll(legendTotal).toBe(calls.filter((call) => Number.isFinite(call.lat) && Number.isFinite(call.lon)).length);

  // A rectangle over the south-west quarter of L's points: the layer's legend counts M's calls inside it.
  const lats = incidents.map((incident) => incident.incident_latitude).sort((a, b) => a - b);
  const lons = incidents.map((incident) => incident.incident_longitude).sort((a, b) => a - b);
  const [south, north] = [lats[0]! - 0.001, lats[Math.floor(lats.length / 2)]!];
  const [west, east] = [lons[0]! - 0.001, lons[Math.floor(lons.length / 2)]!];
  const inside = calls.filter((call) => call.lat > south && call.lat < north && call.lon > west && call.lon < east);
  expect(inside.length).toBeGreaterThan(0);
  expect(inside.length).toBeLessThan(calls.length);
  await page.goto(`${page.url()}&area=${south},${west};${north},${west};${north},${east};${south},${east}`);
  await expect(layerLegend).toBeVisible({ timeout: 30_000 });
  await expect.poll(legendTotal, { timeout: 20_000 }).toBe(inside.length);
});
