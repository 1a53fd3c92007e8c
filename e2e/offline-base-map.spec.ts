// A legible offline map (issue 34): without tiles, at the zoom L's 1-mile search circle is fitted
// to, the demo's streets carry their names (avenues first, none over another), and the place
// dossier's map and a /sql result's map draw the same streets under their points.
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';

const EXAMPLE = 'lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00:00:00.000Z&datetime_end=2024-05-08T00:00:00.000Z&page=1';

const streetsOf = (map: Locator) => map.locator('.leaflet-demo-streets-pane');

async function namesShown(streets: Locator): Promise<string[]> {
  return ((await streets.getAttribute('data-name-list')) ?? '').split('|').filter(Boolean);
}

async function offlineMap(page: Page, name: RegExp): Promise<Locator> {
  const map = page.getByRole('region', { name });
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Map tiles unavailable — showing country outlines').first()).toBeVisible({ timeout: 20_000 });
  return map;
}

test('L offline at its fitted zoom: the streets carry names, and the records are drawn', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto(`/lookups/l?${EXAMPLE}&view=map`);
  const map = await offlineMap(page, /^Map of \d+ results?/);
  const streets = streetsOf(map);
  await expect(streets).toHaveAttribute('data-streets', /^[1-9]\d*$/, { timeout: 20_000 });
  // Fitted, not zoomed in by hand: a city view of a few kilometres.
  expect(Number(await streets.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(13);
  expect(Number(await streets.getAttribute('data-zoom'))).toBeLessThanOrEqual(15);
  await expect(streets).toHaveAttribute('data-names', /^([3-9]|\d\d+)$/);
  const names = await namesShown(streets);
  // The names are the streets the incidents' addresses name ("700 Block of LARKIN ST").
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) expect(name).toMatch(/^[A-Z0-9 ]+$/);
  await expect(map.locator('.map-cluster, .leaflet-overlay-pane canvas').first()).toBeVisible();
});

test('zooming in names side streets that the fitted view left unnamed', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto(`/lookups/l?${EXAMPLE}&view=map`);
  const map = await offlineMap(page, /^Map of \d+ results?/);
  const streets = streetsOf(map);
  await expect(streets).toHaveAttribute('data-names', /^[1-9]\d*$/, { timeout: 20_000 });
  const fitted = Number(await streets.getAttribute('data-zoom'));
  const atFitted = new Set(await namesShown(streets));
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect(streets).toHaveAttribute('data-zoom', String(fitted + 1));
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect(streets).toHaveAttribute('data-zoom', String(fitted + 2));
  const closer = await namesShown(streets);
  // Side streets join the avenues: names that the fitted view left out.
  expect(closer.some((name) => !atFitted.has(name))).toBe(true);
});

test('the place dossier’s map and a /sql result’s map draw the demo’s streets under their points', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto('/dossier?lat=37.7749&lon=-122.4194&radius=800');
  const dossierMap = await offlineMap(page, /Dossier map/);
  await expect(streetsOf(dossierMap)).toHaveAttribute('data-streets', /^[1-9]\d*$/, { timeout: 30_000 });
  // Around a property, fitted to every section (H's registrants a few kilometres out): the avenues, named.
  await page.goto('/dossier?from=d&recordid=184713191');
  const propertyMap = await offlineMap(page, /Dossier map/);
  await expect(streetsOf(propertyMap)).toHaveAttribute('data-names', /^[1-9]\d*$/, { timeout: 30_000 });

  const sql = 'select * from (values (37.7749, -122.4194), (37.78, -122.41), (37.771, -122.425)) t(latitude, longitude)';
  await page.goto(`/sql?${new URLSearchParams({ sql })}`);
  const result = page.getByRole('region', { name: 'Query result' });
  await expect(result.getByRole('status').first()).toContainText(/3 rows, 2 columns in/, { timeout: 30_000 });
  await result.getByRole('button', { name: 'Show on the map' }).click();
  const sqlMap = await offlineMap(page, /Map of the query result/);
  await expect(streetsOf(sqlMap)).toHaveAttribute('data-streets', /^[1-9]\d*$/, { timeout: 20_000 });
  await expect(streetsOf(sqlMap)).toHaveAttribute('data-names', /^[1-9]\d*$/);
});
