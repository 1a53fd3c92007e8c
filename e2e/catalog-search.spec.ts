// The catalog's search, as a person uses it: keywords and synonyms find lookups whose titles do
// not hold the word, and Enter opens the first match.
import { expect, test } from './fixtures.ts';
import { toSearchFields } from '../src/lookups/catalog-entry.ts';
import { allLookups } from '../src/lookups/registry.ts';

test('"police" shows L and M, "maps" the five map lookups, and the filter stays in the URL', async ({ page }) => {
  await page.goto('/');
  const search = page.getByLabel('Filter lookups');
  await search.fill('police');
  await expect(page.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'L. Crime incidents' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'M. 911 calls for service' })).toBeVisible();
  await expect(page).toHaveURL(/\?q=police$/);

  await search.fill('maps');
  await expect(page.getByRole('listitem')).toHaveCount(5);
  await search.fill('weather');
  await expect(page.getByRole('link', { name: /^E\. / })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(1);
});

test('"exchange rate" then Enter opens I', async ({ page }) => {
  await page.goto('/');
  const search = page.getByLabel('Filter lookups');
  await search.fill('exchange rate');
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('Enter opens I. Currency time series');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/lookups\/i$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Currency time series');
});

// D-27: field names (loaded in their own chunk once there is a query), methods and synonyms.
test('"email" lists the lookups with an e-mail field and "geocoding" the geocoding lookups, keyword hits first', async ({ page }) => {
  const label = (lookup: (typeof allLookups)[number]) => `${lookup.id}. ${lookup.title}`;
  const withEmail = allLookups.filter((lookup) =>
    toSearchFields(lookup)
      .split(' ')
      .some((word) => /^emails?$/.test(word)),
  );
  const geocoding = allLookups.filter((lookup) => (lookup.keywords ?? []).some((keyword) => keyword.split(' ').includes('geocoding')));
  expect(withEmail.length).toBeGreaterThan(0);
  expect(geocoding.length).toBeGreaterThan(0);

  await page.goto('/');
  const search = page.getByLabel('Filter lookups');
  await expect(page.getByRole('listitem')).toHaveCount(allLookups.length);
  const list = page.locator('.catalog-list');
  await search.fill('email');
  await expect(list.getByRole('listitem')).toHaveCount(withEmail.length);
  for (const lookup of withEmail) await expect(list.getByRole('link', { name: label(lookup) })).toBeVisible();

  await search.fill('geocoding');
  await expect(list.getByRole('link').first()).toHaveAccessibleName(label(geocoding[0]!));
  for (const lookup of geocoding) await expect(list.getByRole('link', { name: label(lookup) })).toBeVisible();
  await expect(page).toHaveURL(/\?q=geocoding$/);
});

test('"GET" lists every lookup sent by GET', async ({ page }) => {
  const byGet = allLookups.filter((lookup) => lookup.operations.some((operation) => operation.method === 'GET'));
  await page.goto('/?q=GET');
  await expect(page.locator('.catalog-list').getByRole('listitem')).toHaveCount(byGet.length);
});
