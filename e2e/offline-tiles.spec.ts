// Offline street tiles (issue 22, item 13): with the tile server unreachable, a map used to ask for
// every tile in view and Chromium logged each failure. Now one tile is asked first; when it fails
// each map shows the country-outline notice, the page announces it once (one live region), and the
// tile layer is never added, so zooming and panning ask for nothing and the next map, within a
// minute, does not ask again. Tiles lost while a map is in use (issue 29, D-26): a run of failures
// with none loading removes the layer, and panning on asks for nothing.
import { blockExternalRequests, expect, test, tileUrlPattern, type Locator, type Page } from './fixtures.ts';

async function sendExample(page: Page) {
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
}

/** Drags the map by (dx, dy) pixels from its centre, as a person pans it. */
async function pan(page: Page, map: Locator, dx: number, dy: number) {
  const box = (await map.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

// A 1×1 PNG: any image will do for a tile.
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const resultsMap = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('region', { name: /^Map of [\d,]+ results?$/ });
const NOTICE = 'Map tiles unavailable — showing country outlines';

test('offline tiles: one failed tile request and one notice, however many tiles and maps', async ({ page, request }) => {
  test.slow(); // two answers, zooms and pans: past 30 s on a loaded 2-core machine
  const config = (await (await request.get('/map-config.json')).json()) as { tileUrl: string };
  const tiles = tileUrlPattern(config.tileUrl);
  const failedTiles: string[] = [];
  const consoleErrors: string[] = [];
  page.on('requestfailed', (failed) => {
    if (tiles.test(failed.url())) failedTiles.push(failed.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await blockExternalRequests(page);

  await page.goto('/lookups/b');
  await sendExample(page);
  const map = resultsMap(page);
  await expect(map).toBeVisible({ timeout: 20_000 });
  // The results map shows the notice once; with the search-area map beside it, the page announces it once.
  await expect(page.getByRole('region', { name: 'Results' }).getByText(NOTICE)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toHaveCount(1);
  await expect(map.locator('.leaflet-world-outline-pane canvas')).toHaveCount(1);
  // No tile layer was added, so no tile image waits in the tile pane.
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(failedTiles.length).toBeGreaterThanOrEqual(1);
  expect(failedTiles.length).toBeLessThanOrEqual(2);
  expect(consoleErrors.length).toBeLessThanOrEqual(2);

  // Zooming in brings new tiles into view: none is asked for.
  const before = failedTiles.length;
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await page.waitForLoadState('networkidle');
  expect(failedTiles).toHaveLength(before);
  // Nor does panning, however far.
  for (const [dx, dy] of [
    [300, 0],
    [0, 200],
    [-400, -150],
  ] as const)
    await pan(page, map, dx, dy);
  await page.waitForLoadState('networkidle');
  expect(failedTiles).toHaveLength(before);

  // Another map of the same page session (H, reached in the app) knows already: no new request, one notice.
  await page.getByRole('link', { name: 'Lookup Explorer' }).click();
  await page.getByRole('link', { name: /^H\. / }).click();
  await sendExample(page);
  await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Results' }).getByText(NOTICE)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(failedTiles).toHaveLength(before);
  expect(consoleErrors.length).toBeLessThanOrEqual(2);
});

test('tiles lost while a map is in use: the map turns to the outline and panning asks for no more tiles', async ({ page, request }) => {
  test.slow(); // an answer and a dozen pans: past 30 s on a loaded 2-core machine
  const config = (await (await request.get('/map-config.json')).json()) as { tileUrl: string };
  const tiles = tileUrlPattern(config.tileUrl);
  const failedTiles: string[] = [];
  page.on('requestfailed', (failed) => {
    if (tiles.test(failed.url())) failedTiles.push(failed.url());
  });
  await blockExternalRequests(page);
  // The tile server answers at first, then the network goes away (a later route wins over the block).
  let online = true;
  await page.route(tiles, (route) =>
    online ? route.fulfill({ contentType: 'image/png', body: TILE_PNG }) : route.abort('internetdisconnected'),
  );

  await page.goto('/lookups/b');
  await sendExample(page);
  const map = resultsMap(page);
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached();
  await expect(page.getByRole('region', { name: 'Results' }).getByText(NOTICE)).toHaveCount(0);

  online = false;
  const notice = page.getByRole('region', { name: 'Results' }).getByText(NOTICE);
  // Panning brings new tiles into view; they fail, and after a few the map gives up on them.
  for (let drag = 0; drag < 10 && !(await notice.isVisible()); drag += 1)
    await pan(page, map, drag % 2 === 0 ? 300 : -300, drag % 3 === 0 ? 200 : -100);
  await expect(notice).toBeVisible();
  await expect(map.locator('.leaflet-world-outline-pane canvas')).toHaveCount(1);
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const decided = failedTiles.length;
  expect(decided).toBeGreaterThan(0);

  for (const [dx, dy] of [
    [300, 0],
    [0, 200],
    [-400, -150],
    [250, 250],
  ] as const)
    await pan(page, map, dx, dy);
  await page.waitForLoadState('networkidle');
  expect(failedTiles).toHaveLength(decided);
});
