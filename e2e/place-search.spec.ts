// Issue 29 ("Also expected by analysts"): on a lookup that searches by location, type a place and
// pick it with the keyboard to set the search point, as a click on the map does. The gazetteer loads
// only once the box is used, the map follows to the place, and the query sent from there has records.
import { blockExternalRequests, expect, test, type Page } from './fixtures.ts';

// A string only the gazetteer's data holds: the first place of the US zip table.
const GAZETTEER_SIGNATURE = 'Holtsville';
const DENVER = { lat: '39.7392', lon: '-104.9903' };

/** Whether a point on the page lies within an element's box. */
async function inside(page: Page, point: { x: number; y: number }, name: RegExp) {
  const box = (await page.getByRole('region', { name }).boundingBox())!;
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}

test('L: "Denver" picked with the keyboard sets lat and lon, moves the map, and the query finds incidents', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const gazetteerLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes(GAZETTEER_SIGNATURE));

  await page.goto('/lookups/l');
  await page.getByRole('button', { name: 'Try an example' }).click();
  const lat = page.getByLabel('lat', { exact: true });
  const lon = page.getByLabel('lon', { exact: true });
  await expect(lat).not.toHaveValue(DENVER.lat);

  // The box and the map start as they near the viewport; the gazetteer waits for the box's first use.
  const box = page.getByRole('combobox', { name: 'Find a place' });
  await page.getByText(/^Click the map to set the search point/).scrollIntoViewIfNeeded();
  await expect(box).toBeVisible();
  await expect(box).toHaveAccessibleDescription(/Places the demo knows: every US zip area/);
  await expect(page.getByRole('region', { name: /^Search area map/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await gazetteerLoaded()).toBe(false);

  await box.pressSequentially('Denver');
  await expect(page.getByRole('option', { name: 'Denver, CO' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /places? match/ })).toBeVisible();
  expect(await gazetteerLoaded()).toBe(true);
  await box.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Denver, CO' })).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await expect(lat).toHaveValue(DENVER.lat);
  await expect(lon).toHaveValue(DENVER.lon);
  await expect(page.getByRole('status').filter({ hasText: 'Search point set to Denver, CO.' })).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden();
  // Enter picked a place and sent nothing: the URL holds no query yet.
  expect(new URL(page.url()).searchParams.get('lat')).toBeNull();
  // The map went to Denver (from the example's San Francisco): the one search point is in its frame.
  const marker = page.getByRole('button', { name: 'Search point' });
  await expect(marker).toHaveCount(1);
  await expect
    .poll(async () => {
      const at = (await marker.boundingBox())!;
      return inside(page, { x: at.x + at.width / 2, y: at.y + at.height }, /^Search area map/);
    })
    .toBe(true);

  const answer = page.waitForResponse((response) => response.url().includes('/proxy/l/'));
  await page.getByRole('button', { name: 'Send request' }).click();
  expect((await answer).status()).toBe(200);
  const url = new URL(page.url());
  expect(url.searchParams.get('lat')).toBe(DENVER.lat);
  expect(url.searchParams.get('lon')).toBe(DENVER.lon);
  await expect(page.getByText(/^[\d,]+ records? on the map$/)).toBeVisible({ timeout: 30_000 });
  const onMap = Number((await page.getByText(/^[\d,]+ records? on the map$/).textContent())!.replace(/[^\d]/g, ''));
  expect(onMap).toBeGreaterThan(0);
});
