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
  await expect(count).toHaveText(`Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records`, {
    timeout: 20_000,
  });
  await expect(results.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');

  // The map shows the filtered records only, and its GeoJSON holds them.
  await results.getByRole('tab', { name: 'Map' }).click();
  await expect(
    results.getByText(
      `${shown.toLocaleString('en-US')} records on the map (filtered: ${shown.toLocaleString('en-US')} records of ${total.toLocaleString('en-US')})`,
    ),
  ).toBeVisible();
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

test('L: the "is one of" popover shows whole, above the rows, never over the next filter; Escape closes it', async ({ page }) => {
  await blockExternalRequests(page);
  const { results, count, total } = await openExampleOnTableTab(page, 'l');
  const opener = results.getByRole('button', { name: 'Filter incident_offense: Any' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Filter incident_offense' });
  await expect(popover).toBeVisible();
  // The keyboard lands in it, on the mode chosen.
  await expect(popover.getByRole('radio', { name: 'is one of' })).toBeFocused();

  const box = (await popover.boundingBox())!;
  const window = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(window.width);
  expect(box.y + box.height).toBeLessThanOrEqual(window.height);
  // As wide as its list: nothing in it is cut or needs a sideways scroll.
  expect(await popover.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Above everything else: what shows at its corners and centre is the popover itself.
  const onTop = async (x: number, y: number) =>
    popover.evaluate((element, [px, py]) => element.contains(document.elementFromPoint(px!, py!)), [x, y]);
  for (const [x, y] of [
    [box.x + 4, box.y + 4],
    [box.x + box.width - 4, box.y + 4],
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 4, box.y + box.height - 4],
  ]) {
    expect(await onTop(x!, y!)).toBe(true);
  }

  // The next column's filter stays in view and usable: the popover does not cover it.
  const next = results
    .locator('tr.filter-row td:has(.filter-choice-button[aria-label^="Filter incident_offense:"]) + td')
    .locator('input, button')
    .first();
  const nextBox = (await next.boundingBox())!;
  const overlaps =
    nextBox.x < box.x + box.width &&
    box.x < nextBox.x + nextBox.width &&
    nextBox.y < box.y + box.height &&
    box.y < nextBox.y + nextBox.height;
  expect(overlaps).toBe(false);
  expect(
    await next.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    }),
  ).toBe(true);

  // A choice filters; Escape closes and gives the focus back to the button, which names the filter.
  const first = popover.getByRole('checkbox').first();
  // Clicked, not check(): the filter applies in a transition, so the box shows checked a moment later.
  await first.click();
  await expect(first).toBeChecked();
  await expect(count).toHaveText(new RegExp(`^Showing [\\d,]+ of ${total.toLocaleString('en-US')} records$`));
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(results.getByRole('button', { name: /^Filter incident_offense: is / })).toBeFocused();
});
