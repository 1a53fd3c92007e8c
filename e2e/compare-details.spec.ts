// Compare's details (D-17): the default pair is in the URL from the start (replacing the bare
// address, so Back returns to the lookup page), the same answer on both sides is flagged, and the
// diff downloads as CSV and JSON. The lookup is found by its properties: the first whose first
// operation is a JSON GET with records and a declared identity.
import { readFile } from 'node:fs/promises';
import { expect, expectRecorded, test, type Page } from './fixtures.ts';
import { allLookups } from '../src/lookups/registry.ts';

const lookup = allLookups.find((candidate) => {
  const operation = candidate.operations[0]!;
  return (
    operation.method === 'GET' &&
    operation.format === 'json' &&
    operation.identity !== undefined &&
    operation.adapters?.records !== undefined
  );
})!;
const query = new URLSearchParams(lookup.operations[0]!.example as Record<string, string>).toString();
const lookupUrl = `/lookups/${lookup.slug}?${query}`;

/** Opens the query's link (which sends it) and waits until History holds `recorded` answers of the lookup. */
async function run(page: Page, recorded: number): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes(`/proxy/${lookup.slug}/`) && response.ok());
  await page.goto(lookupUrl);
  await answered;
  await expectRecorded(page, recorded);
}

test('the default pair is in the URL, the same answer is flagged, and the diff downloads', async ({ page }) => {
  test.slow();
  await run(page, 1);
  await run(page, 2);
  await page.getByRole('link', { name: 'Compare answers…' }).click();

  // The two newest answers, named in the URL without a picker being touched.
  await expect(page).toHaveURL(/\/compare\?a=[^&]+&b=[^&]+$/);
  const url = new URL(page.url());
  const [firstId, secondId] = [url.searchParams.get('a')!, url.searchParams.get('b')!];
  expect(firstId).not.toBe(secondId);
  await expect(page.getByLabel('First answer (before)')).toHaveValue(firstId);
  await expect(page.getByLabel('Second answer (after)')).toHaveValue(secondId);
  await expect(page.getByRole('status').filter({ hasText: 'Compared' })).toHaveText(
    /^Compared: \d+ added, \d+ removed, \d+ changed, \d+ unchanged records\.$/,
  );

  // CSV: the header and one row per change; JSON: both answers named.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download diff (CSV)' }).click();
  const csv = await readFile((await (await csvDownload).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('change,record,label,field,field_change,before,after');
  expect((await csvDownload).suggestedFilename()).toMatch(/^compare-.*\.csv$/);
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download diff (JSON)' }).click();
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8')) as {
    before: { historyId: string };
    after: { historyId: string };
    kind: string;
  };
  expect(json).toMatchObject({ before: { historyId: firstId }, after: { historyId: secondId }, kind: 'records' });

  // The same answer on both sides: said plainly, no counts.
  await page.getByLabel('Second answer (after)').selectOption(firstId);
  await expect(page).toHaveURL(new RegExp(`[?&]a=${firstId}&b=${firstId}$`));
  await expect(page.getByRole('status').filter({ hasText: 'same answer' })).toHaveText(
    'The same answer is picked on both sides, so there is nothing to compare: pick another answer for one side.',
  );
  await expect(page.getByRole('heading', { name: 'Summary' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download diff (CSV)' })).toHaveCount(0);

  // The URL was replaced, never pushed: Back returns to the lookup page.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/lookups/${lookup.slug}\\?`));
});
