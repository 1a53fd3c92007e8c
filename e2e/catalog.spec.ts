import { expect, test } from './fixtures.ts';
import { allLookups } from '../src/lookups/registry.ts';

test('the catalog lists every registered lookup, filters by typing and links to a lookup route', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lookup catalog' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(allLookups.length);

  await page.getByLabel('Filter lookups').fill('charging');
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/\?q=charging$/);

  await page.getByRole('link', { name: /B\. / }).click();
  await expect(page).toHaveURL(/\/lookups\/b$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('B');
  await expect(page.getByText('/ev/stations.json').first()).toBeVisible();
});

test('the servers publish the OpenAPI document and lookup modes', async ({ request }) => {
  const openapi = await request.get('/openapi.json');
  expect(openapi.ok()).toBe(true);
  const doc = await openapi.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toContain('/movie/{movie_id}');

  const health = await request.get('/healthz');
  const text = await health.text();
  expect(text).toContain('demo');
});

test('the theme follows the system until chosen, and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(15, 20, 27)');

  await page.getByLabel('Theme').selectOption('light');
  expect(await background()).toBe('rgb(247, 248, 250)');
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('light');
  expect(await background()).toBe('rgb(247, 248, 250)');
});
