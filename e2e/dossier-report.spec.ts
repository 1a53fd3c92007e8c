// The dossier as a deliverable (issue 34): around D's example property, whose position is masked,
// no distance reads "0 m"; every section sums up its whole answer (L's three pages, not page 1);
// and the evidence pack prints as a report: at most 12 A4 pages, nothing wider than the page.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, test, type Page } from './fixtures.ts';

const DOSSIER = '/dossier?from=d&recordid=184713191';
const LOOKUPS = ['D', 'G', 'H', 'L', 'M', 'B'];
// A4 less the pack's print margins (14 mm each side), in CSS pixels (96 per inch).
const A4_PRINT_WIDTH_PX = Math.floor(((210 - 2 * 14) / 25.4) * 96);

async function openDossier(page: Page) {
  await blockExternalRequests(page);
  await page.goto(DOSSIER);
  for (const id of LOOKUPS) {
    const section = page.getByRole('region', { name: new RegExp(`^${id}\\. `) });
    await expect(section.getByRole('definition').first()).toHaveText(/^[\d,]+ records?/, { timeout: 30_000 });
  }
  // Every page of L is fetched and merged before its summary counts.
  const incidents = page.getByRole('region', { name: /^L\. / });
  await expect(incidents.getByText(/all \d+ pages merged/)).toBeVisible({ timeout: 30_000 });
}

test('the dossier around a masked property states no 0 m and sums every page of L', async ({ page }) => {
  test.slow();
  await openDossier(page);
  const incidents = page.getByRole('region', { name: /^L\. / });
  const count = incidents.getByRole('definition').first();
  await expect(count).not.toContainText('page 1 of');
  const records = Number((await count.textContent())!.match(/^([\d,]+) records/)![1]!.replace(/,/g, ''));
  expect(records).toBeGreaterThan(50);
  await expect(page.getByText(/within about 1 km \(rounded position\)/).first()).toBeVisible();
  const text = await page.locator('main, body').first().innerText();
  expect(text).not.toMatch(/(?:^|[^\d.,])0 m\b/);
});

test('the evidence pack prints in at most 12 A4 pages with nothing wider than the page, citing each answer’s hash', async ({
  page,
  browser,
}) => {
  test.slow();
  await openDossier(page);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download evidence pack (HTML)' }).click(),
  ]);
  const html = (await readFile(await file.path())).toString('utf8');
  expect(html).not.toMatch(/(?:^|[^\d.,])0 m\b/);
  expect(html).toContain('Distances are measured between rounded (masked) positions');
  expect(html).toMatch(/Prepared by/);

  // Print / Save as PDF prints this same report, in a hidden frame.
  await page.getByRole('button', { name: 'Print / Save as PDF' }).click();
  const printed = page.locator('iframe.print-frame');
  await expect(printed).toHaveAttribute('srcdoc', /<h2>Provenance appendix<\/h2>/);
  await expect(printed).toHaveAttribute('srcdoc', /Distances are measured between rounded \(masked\) positions/);

  const context = await browser.newContext({ viewport: { width: A4_PRINT_WIDTH_PX, height: 1000 } });
  const pack = await context.newPage();
  await pack.route('**/*', (route) => route.abort());
  await pack.setContent(html);
  await pack.emulateMedia({ media: 'print' });
  // One record reads as a key–value sheet: no table of D's hundred columns.
  expect(
    await pack.locator('table').evaluateAll((tables) => Math.max(0, ...tables.map((table) => table.querySelectorAll('thead th').length))),
  ).toBeLessThanOrEqual(6);
  const widest = await pack.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('body *')].map((element) =>
        Math.max(
          element.getBoundingClientRect().right,
          element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === 'visible'
            ? element.getBoundingClientRect().left + element.scrollWidth
            : 0,
        ),
      ),
    ),
  );
  expect(widest).toBeLessThanOrEqual(A4_PRINT_WIDTH_PX + 1);
  expect(await pack.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(A4_PRINT_WIDTH_PX);

  const pdf = (await pack.pdf({ format: 'A4' })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
  test.info().annotations.push({ type: 'A4 pages', description: String(pages.length) });
  expect(pages.length).toBeGreaterThan(1);
  expect(pages.length).toBeLessThanOrEqual(12);
  await context.close();
});
