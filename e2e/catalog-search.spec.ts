// The catalog's search, as a person uses it: keywords and synonyms find lookups whose titles do
// not hold the word, and Enter opens the first match.
import { expect, test } from './fixtures.ts';

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
