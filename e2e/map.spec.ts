// Maps end to end: markers or clusters for every lookup that opens on the map, picking a search
// point on L's map (which loads as it nears the viewport), no Leaflet on the catalog, and the
// country outline when tiles cannot load.
import { blockExternalRequests, expect, test } from './fixtures.ts';
import type { Page, Response } from '@playwright/test';
import { allLookups } from '../src/lookups/registry.ts';
import { distanceToMetres } from '../src/lookups/param.ts';

const mapLookups = allLookups.filter((lookup) => lookup.operations[0].adapters?.point && lookup.operations[0].defaultTab === 'map');
// A string only Leaflet's code holds: the class of its zoom control.
const LEAFLET_SIGNATURE = 'leaflet-control-zoom';

async function sendExample(page: Page, slug: string) {
  await page.goto(`/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
}

function resultsMap(page: Page) {
  return page.getByRole('region', { name: 'Results' }).getByRole('region', { name: /^Map of [\d,]+ results?$/ });
}

test('the lookups that open on the map are B, E, H, L and M', () => {
  expect(mapLookups.map((lookup) => lookup.id)).toEqual(['B', 'E', 'H', 'L', 'M']);
});

for (const lookup of mapLookups) {
  test(`${lookup.id}: the example’s records appear on the map as markers or clusters`, async ({ page }) => {
    await blockExternalRequests(page);
    await sendExample(page, lookup.slug);
    await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^[\d,]+ records? on the map$/)).toBeVisible();
    // Clusters are DOM markers; single points are drawn on one canvas in the overlay pane.
    await expect(resultsMap(page).locator('.map-cluster, .leaflet-overlay-pane canvas').first()).toBeVisible();
  });
}

test('L: clicking the map sets lat and lon, the URL follows on Send, and the incidents lie inside the circle', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto('/lookups/l');
  // Exact coordinates: masked ones are rounded to about 1 km, which says nothing about the filter.
  await page.getByRole('checkbox', { name: /Mask personal data/ }).uncheck();
  await page.getByRole('button', { name: 'Try an example' }).click();
  const lat = page.getByLabel('lat', { exact: true });
  const lon = page.getByLabel('lon', { exact: true });
  const before = { lat: await lat.inputValue(), lon: await lon.inputValue() };
  // The map starts as its box nears the viewport (below the fields on every screen size).
  await page.getByText(/^Click the map to set the search point/).scrollIntoViewIfNeeded();
  const picker = page.getByRole('region', { name: /^Search area map/ });
  await expect(picker).toBeVisible();
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } });
  await expect(lat).not.toHaveValue(before.lat);
  await expect(lon).not.toHaveValue(before.lon);
  const picked = { lat: Number(await lat.inputValue()), lon: Number(await lon.inputValue()) };
  const distance = await page.getByLabel('distance', { exact: true }).inputValue();
  // The form follows the click at once; the URL only on Send (as README's tour says).
  expect(new URL(page.url()).searchParams.get('lat')).toBeNull();

  const answer: Promise<Response> = page.waitForResponse((response) => response.url().includes('/proxy/l/'));
  await page.getByRole('button', { name: 'Send request' }).click();
  const response = await answer;
  const url = new URL(page.url());
  expect(Number(url.searchParams.get('lat'))).toBe(picked.lat);
  expect(Number(url.searchParams.get('lon'))).toBe(picked.lon);
  await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^[\d,]+ records? on the map$/)).toBeVisible();

  // Every incident the page received lies within the circle drawn from the picked point.
  const body = (await response.json()) as Array<{ incidents: Array<{ incident_latitude: number; incident_longitude: number }> }>;
  const incidents = body.flatMap((envelope) => envelope.incidents);
  expect(incidents.length).toBeGreaterThan(0);
  const radius = distanceToMetres(distance)!;
  for (const incident of incidents) {
    const dLat = ((incident.incident_latitude - picked.lat) * Math.PI) / 180;
    const dLon = ((incident.incident_longitude - picked.lon) * Math.PI) / 180;
    const h =
      Math.sin(dLat / 2) ** 2 +
      Math.cos((picked.lat * Math.PI) / 180) * Math.cos((incident.incident_latitude * Math.PI) / 180) * Math.sin(dLon / 2) ** 2;
    expect(2 * 6_371_008.8 * Math.asin(Math.sqrt(h))).toBeLessThanOrEqual(radius * 1.01);
  }
});

test('L: the search-area map loads only as it nears the viewport, into a box already its size', async ({ page }) => {
  await blockExternalRequests(page);
  await page.setViewportSize({ width: 412, height: 700 });
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/lookups/l');
  const hint = page.getByText(/^Click the map to set the search point/);
  await expect(hint).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect((await Promise.all(scripts)).some((text) => text.includes(LEAFLET_SIGNATURE))).toBe(false);
  await expect(page.getByRole('region', { name: /^Search area map/ })).toHaveCount(0);
  // Where the hint under the map sits in the page, before and after the map arrives.
  const hintTop = () => hint.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const before = await hintTop();

  await hint.scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: /^Search area map/ })).toBeVisible();
  expect(await hintTop()).toBe(before);
});

test('the catalog downloads no Leaflet code; a map page does', async ({ page }) => {
  await blockExternalRequests(page);
  // Bodies are read as they arrive: a later navigation makes them unavailable.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const leafletLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes(LEAFLET_SIGNATURE));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lookup catalog' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(await leafletLoaded()).toBe(false);

  // The same check finds Leaflet once a map is shown, so its silence above means something.
  await sendExample(page, 'b');
  await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
  expect(await leafletLoaded()).toBe(true);
});

test('offline: the country outline shows beneath the results and the map says why', async ({ page }) => {
  await blockExternalRequests(page);
  await sendExample(page, 'b');
  const map = resultsMap(page);
  await expect(map).toBeVisible({ timeout: 20_000 });
  // Every map without tiles says so; one of them (a live region) announces it for the page.
  await expect(page.getByRole('region', { name: 'Results' }).getByText('Map tiles unavailable — showing country outlines')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Map tiles unavailable — showing country outlines' })).toHaveCount(1);
  // The outline is drawn on its own canvas beneath the results: some of its pixels are painted.
  const outline = map.locator('.leaflet-world-outline-pane canvas');
  await expect(outline).toHaveCount(1);
  await expect
    .poll(() =>
      outline.evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted += 1;
        return painted;
      }),
    )
    .toBeGreaterThan(1000);
});

test('L: the wheel scrolls the form past the search-area map, and zooms it only after a click in it', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto('/lookups/l');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByText(/^Click the map to set the search point/).scrollIntoViewIfNeeded();
  const picker = page.getByRole('region', { name: /^Search area map/ });
  const circle = picker.locator('path.map-search-circle');
  await expect(circle).toBeVisible();
  const width = async () => (await circle.boundingBox())!.width;
  const before = await width();
  const top = async () => (await picker.boundingBox())!.y;
  const topBefore = await top();

  // A wheel turned over the map before any click scrolls the page and says how to zoom.
  const box = (await picker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 200);
  await expect.poll(top).toBeLessThan(topBefore);
  await expect(page.getByRole('status').filter({ hasText: 'Click the map to zoom with the wheel' })).toBeVisible();
  expect(await width()).toBe(before);

  // After a click in the map, the wheel zooms it (out: the circle shrinks).
  const now = (await picker.boundingBox())!;
  await page.mouse.click(now.x + 20, now.y + now.height - 20);
  await expect(circle).toBeVisible();
  const clicked = await width();
  await page.mouse.wheel(0, 300);
  await expect.poll(width).toBeLessThan(clicked * 0.75);
});
