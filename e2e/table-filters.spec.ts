// Table filters and facets end to end, on L's example (demo data): a facet click filters the
// table, the map and the CSV; the filter lives in the URL, so a reload keeps it.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, openExampleOnTableTab, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), text: (await readFile(await file.path())).toString('utf8') };
}

const COLUMN = 'incident_offense_crime_against';

test('L: a facet click filters the table, the map and the CSV, and survives a reload', async ({ page }) => {
  // An answer, a filter, a CSV, the map and a reload: 22 s in CI, too close to the default budget.
  test.slow();
  await blockExternalRequests(page);
  const { results, count, total } = await openExampleOnTableTab(page, 'l');
  expect(total).toBeGreaterThan(1);

  await results.getByRole('combobox', { name: 'Facets' }).selectOption(COLUMN);
  const facet = results.getByRole('group', { name: `Facet: ${COLUMN}` });
  const values = facet.getByRole('button', { name: new RegExp(`^${COLUMN}: `) });
  // The facet's values are counted after the column is picked: wait for them (count() does not).
  await expect(values.nth(1)).toBeVisible();
  const first = values.first();
  const label = (await first.getAttribute('aria-label'))!;
  const [, value, shownText] = /^[^:]+: (.+), ([\d,]+) records?$/.exec(label)!;
  const shown = Number(shownText!.replace(/\D/g, ''));
  expect(shown).toBeLessThan(total);

  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText(`Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records`);
  await expect(page).toHaveURL(new RegExp(`[?&]f=${COLUMN}%3Aeq%3A${encodeURIComponent(value!)}(&|$)`));
  const cells = results.getByRole('region', { name: 'Records' }).locator('tbody tr[aria-rowindex]');
  await expect(cells.first()).toBeVisible();

  // The CSV holds the faceted value's rows only, and says it is filtered.
  await results.getByText('Export options').click();
  await expect(results.getByText(`Exports the ${shown.toLocaleString('en-US')} filtered records`)).toBeVisible();
  await results.getByText('Export options').click();
  const csvFile = await download(page, results.getByRole('button', { name: 'Export CSV (filtered)' }));
  expect(csvFile.name).toMatch(/-filtered\.csv$/);
  const csv = Papa.parse<Record<string, string>>(csvFile.text, { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.data).toHaveLength(shown);
  expect(new Set(csv.data.map((row) => row[COLUMN]))).toEqual(new Set([value]));

  // A reload (or a shared link) reproduces the filter and the facet.
  await page.reload();
  await expect(count).toHaveText(`Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records`, { timeout: 20_000 });
  await expect(results.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');

  // The map shows the filtered records only, and its GeoJSON holds them.
  await results.getByRole('tab', { name: 'Map' }).click();
  await expect(results.getByText(`${shown.toLocaleString('en-US')} records on the map (filtered: ${shown.toLocaleString('en-US')} records of ${total.toLocaleString('en-US')})`)).toBeVisible();
  const geoFile = await download(page, results.getByRole('button', { name: 'Export GeoJSON' }));
  expect(geoFile.name).toMatch(/-filtered\.geojson$/);
  const geojson = JSON.parse(geoFile.text) as { features: Array<{ properties: Record<string, unknown> }> };
  expect(geojson.features).toHaveLength(shown);
  expect(new Set(geojson.features.map((feature) => feature.properties[COLUMN]))).toEqual(new Set([value]));

  // Clicking the value again removes the filter everywhere.
  await results.getByRole('tab', { name: 'Table' }).click();
  await results.getByRole('button', { name: label }).click();
  await expect(count).toHaveText(`${total.toLocaleString('en-US')} records`);
  await expect(page).not.toHaveURL(/[?&]f=/);
});

test('a link with unreadable filter values opens the answer unfiltered, without an error', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto('/lookups/l');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/lat=/, { timeout: 20_000 });
  await page.goto(`${page.url()}&view=table&f=nonsense&f=incident_code%3Amin%3Aten&f=no_such_column%3Aeq%3Ax&facets=no_such_column`);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('status').filter({ hasText: /^[\d,]+ records$/ })).toBeVisible({ timeout: 20_000 });
  await expect(results.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
});
