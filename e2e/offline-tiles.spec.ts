// Offline street tiles (issue 22, item 13): with the tile server unreachable, a map used to ask for
// every tile in view and Chromium logged each failure. Now one tile is asked first; when it fails
// each map shows the country-outline notice, the page announces it once (one live region), and the
// tile layer is never added, so zooming asks for nothing and the next map, within a minute, does
// not ask again.
import { expect, test, tileUrlPattern, type Page } from './fixtures.ts';

async function blockExternalRequests(page: Page) {
  await page.route((url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost', (route) => route.abort());
}

async function sendExample(page: Page) {
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
}

const resultsMap = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('region', { name: /^Map of [\d,]+ results?$/ });
const NOTICE = 'Map tiles unavailable — showing country outlines';

test('offline tiles: one failed tile request and one notice, however many tiles and maps', async ({ page, request }) => {
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
