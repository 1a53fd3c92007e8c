// Bulk run details (D-20): from an empty form the address carries no dangling `?run`; a JSON row
// spelling a column in another case feeds its parameter; the merged result's Table and Map are a
// tablist worked with the arrow keys; and "Cancel run" asks before it ends a run. The lookup is
// found by its properties: the first whose operation takes a `zipcode` and whose records have points.
import { blockExternalRequests, expect, test, type Page } from './fixtures.ts';
import { allLookups } from '../src/lookups/registry.ts';

const lookup = allLookups.find((candidate) =>
  candidate.operations.some((operation) => 'zipcode' in operation.params.shape && operation.adapters?.point),
)!;
const operation = lookup.operations.find((candidate) => 'zipcode' in candidate.params.shape)!;
const zipcode = String((operation.example as Record<string, string>).zipcode);
/** The example's zip code plus `offset`: the demo answers its neighbours too. */
const near = (offset: number) => String(Number(zipcode) + offset).padStart(zipcode.length, '0');

async function openFromEmptyForm(page: Page) {
  await page.goto(`/lookups/${lookup.slug}`);
  await page.getByRole('link', { name: 'Run over a list…' }).click();
}

const upload = (page: Page, name: string, text: string) =>
  page
    .getByLabel('Upload a CSV or JSON file')
    .setInputFiles({ name, mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv', buffer: Buffer.from(text) });

test('no dangling ?run, a column in any case, and Table | Map as tabs', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await openFromEmptyForm(page);
  await expect(page).toHaveURL(new RegExp(`/lookups/${lookup.slug}/bulk$`));
  await expect(page.getByRole('heading', { name: 'Run over a list' })).toBeVisible();

  // Rows spelling the column `zipcode` and `ZIPCODE`: both feed the parameter.
  await upload(page, 'zips.json', JSON.stringify([{ zipcode: zipcode }, { ZIPCODE: near(1) }]));
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Invalid rows' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'finished' })).toHaveText(/^2 done · 0 failed · 0 remaining.* · finished$/, {
    timeout: 30_000,
  });

  const results = page.getByRole('region', { name: 'Merged results' });
  const tabs = results.getByRole('tablist');
  const table = tabs.getByRole('tab', { name: 'Table' });
  const map = tabs.getByRole('tab', { name: 'Map' });
  await expect(table).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('tabpanel')).toBeVisible();
  await table.focus();
  await page.keyboard.press('ArrowRight');
  await expect(map).toHaveAttribute('aria-selected', 'true');
  await expect(map).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(table).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('columnheader').filter({ hasText: /^zipcode$/ })).toHaveCount(1);
});

test('"Cancel run" asks first: keeping the run goes on, confirming cancels it', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  // Answers held back until the test lets them go, so the run is still going when Cancel is pressed.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/proxy/${lookup.slug}/**`, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await openFromEmptyForm(page);
  await upload(page, 'zips.csv', `zipcode\n${Array.from({ length: 12 }, (_, index) => near(index)).join('\n')}\n`);
  await page.getByRole('button', { name: 'Start run' }).click();

  const cancel = page.getByRole('button', { name: 'Cancel run…' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this run?' });
  await expect(dialog).toContainText('The 12 rows not yet answered will be dropped');
  await expect(dialog.getByRole('button', { name: 'Keep running' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep running' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'remaining' })).not.toContainText('cancelled');

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel the run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'remaining' })).toContainText('· cancelled');
  release();
});
