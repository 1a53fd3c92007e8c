// The table's XLSX export and cell copy end to end, on L's example (demo data): the workbook has
// the header and one row per record the table counts, and a range of cells copies as TSV.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { blockExternalRequests, expect, openExampleOnTableTab, test } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('L: Export XLSX writes the header and every record the table counts; Ctrl+C copies a range as TSV', async ({ page }) => {
  await blockExternalRequests(page);
  const { results, total } = await openExampleOnTableTab(page, 'l');
  expect(total).toBeGreaterThan(1);

  const [file] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^lookup-l-.*\.xlsx$/);
  const parts = unzipSync(new Uint8Array(await readFile(await file.path())));
  expect(strFromU8(parts['xl/workbook.xml']!)).toMatch(/<sheet name="lookup-l-[^"]+"/);
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  const rows = sheet.match(/<row r="\d+">.*?<\/row>/g)!;
  expect(rows).toHaveLength(total + 1);
  expect(rows[0]).toContain('<t xml:space="preserve">incident_address</t>');
  expect(rows[0]).toContain('s="1"'); // the bold header style
  expect(sheet).toContain('state="frozen"');
  expect(sheet).not.toMatch(/<f[ >]/);

  // A range: click a cell, shift+click another two rows down, then one more column by keyboard.
  const table = results.getByRole('table');
  const bodyRows = table.locator('tbody tr[data-position]');
  await bodyRows.nth(0).getByRole('cell').nth(1).click();
  await bodyRows
    .nth(2)
    .getByRole('cell')
    .nth(2)
    .click({ modifiers: ['Shift'] });
  await page.keyboard.press('Shift+ArrowRight');
  await expect(results.getByText(/^Selected 3 rows × 3 columns/)).toBeVisible();
  await page.keyboard.press('ControlOrMeta+c');
  await expect(results.getByText('Copied 3 × 3 cells.')).toBeVisible();
  const tsv = await page.evaluate(() => navigator.clipboard.readText());
  const lines = tsv.split('\r\n');
  expect(lines).toHaveLength(3);
  // Each line is the three cells the table shows in those rows and columns (a cut-off cell's full text is its title).
  for (const [line, text] of lines.entries()) {
    const cells = await bodyRows
      .nth(line)
      .getByRole('cell')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('title') ?? td.textContent));
    expect(text.split('\t')).toEqual(cells.slice(1, 4));
  }
});
