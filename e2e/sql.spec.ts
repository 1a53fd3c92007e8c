// SQL over answers (issue 26), in Chromium against the production build: an L answer's SQL tab runs
// the query its URL holds over the table `answer`; /sql joins two answers kept in History; a bad
// query shows where it is wrong; and nothing of the engine is fetched before SQL is opened.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { blockExternalRequests, expect, expectRecorded, test, type Locator, type Page } from './fixtures.ts';

const EXAMPLE = {
  lat: '37.7749',
  lon: '-122.4194',
  distance: '1mi',
  datetime_ini: '2024-05-01T00:00:00.000Z',
  datetime_end: '2024-05-08T00:00:00.000Z',
  page: '1',
};
const answerUrl = (change: Record<string, string> = {}) => `/lookups/l?${new URLSearchParams({ ...EXAMPLE, ...change })}`;
const GROUP_BY_OFFENSE = 'select incident_offense, count(*) as n from answer group by 1 order by 2 desc';
/** The engine's files: the library's worker scripts and its WebAssembly modules. */
const ENGINE_FILE = /duckdb|\.wasm(?:\?|$)/;

/** Every request the page makes for the engine's files, from now on. */
function engineRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (ENGINE_FILE.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

async function downloadCsv(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = (await readFile(await file.path())).toString('utf8');
  const csv = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  return csv;
}

/** The answer's record count, as its Table tab reports it. */
async function recordCount(page: Page): Promise<number> {
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByRole('tab', { name: 'Table' }).click({ timeout: 20_000 });
  const count = results.getByRole('status').filter({ hasText: /records?$/ });
  return Number((await count.textContent())!.replace(/\D/g, ''));
}

const queryResult = (page: Page) => page.getByRole('region', { name: 'Query result' });

test('an L answer’s SQL tab runs the URL’s query; nothing of the engine loads before the tab opens', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  const engine = engineRequests(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(answerUrl());
  const total = await recordCount(page);
  expect(total).toBeGreaterThan(1);
  // The catalog and the lookup page with its answer fetched nothing of the engine.
  expect(requests.length).toBeGreaterThan(5);
  expect(engine).toEqual([]);

  await page.goto(`${answerUrl()}&view=sql&sql=${encodeURIComponent(GROUP_BY_OFFENSE)}`);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('tab', { name: 'SQL' })).toHaveAttribute('aria-selected', 'true');
  const result = queryResult(page);
  await expect(result.getByRole('status').first()).toContainText(/rows?, 2 columns in/, { timeout: 30_000 });
  expect(engine.some((url) => /\.wasm$/.test(new URL(url).pathname))).toBe(true);
  await expect(result.getByRole('columnheader', { name: /^incident_offense/ })).toBeVisible();
  await expect(result.getByRole('columnheader', { name: /^n\b/ })).toBeVisible();

  const csv = await downloadCsv(page, result.getByRole('button', { name: 'Export CSV' }));
  expect(csv.meta.fields).toEqual(['incident_offense', 'n']);
  const counts = csv.data.map((row) => Number(row.n));
  expect(counts.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total);
  // Largest first, as the query asked.
  expect(counts).toEqual([...counts].sort((a, b) => b - a));

  // Rows with coordinates go on the answer's map.
  await page
    .getByRole('textbox', { name: 'SQL query' })
    .fill('select incident_offense, incident_latitude as lat, incident_longitude as lon from answer');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(result.getByRole('status').first()).toContainText(`${total.toLocaleString('en-US')} rows, 3 columns in`);
  await result.getByRole('button', { name: 'Show on the map' }).click();
  await expect(result.getByLabel(`Map of ${total.toLocaleString('en-US')} results`)).toBeVisible({ timeout: 20_000 });
});

test('a query with an error shows where it is wrong', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  const typo = 'select incident_offense, count(*) as n fro answer group by 1';
  await page.goto(`${answerUrl()}&view=sql&sql=${encodeURIComponent(typo)}`);
  const alert = page.getByRole('alert', { name: 'The query failed' });
  await expect(alert).toContainText(/syntax error/i, { timeout: 30_000 });
  const column = typo.indexOf('fro ');
  await expect(alert).toContainText(`At line 1, column ${column + 1}`);
  await expect(alert.getByLabel('Where the error is')).toHaveText(`${typo}\n${' '.repeat(column)}^`);

  // An unknown column: fixed in the box and run again from it.
  const box = page.getByRole('textbox', { name: 'SQL query' });
  const unknown = 'select nope from answer';
  await box.fill(unknown);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(alert).toContainText(/nope/);
  await expect(alert.getByLabel('Where the error is')).toHaveText(`${unknown}\n${' '.repeat(unknown.indexOf('nope'))}^`);
  await expect(page).toHaveURL(/[?&]sql=select\+nope\+from\+answer(&|$)/);
});

test('on /sql, two answers kept in History join', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  for (const [index, distance] of ['1mi', '2mi'].entries()) {
    await page.goto(answerUrl({ distance }));
    expect(await recordCount(page)).toBeGreaterThan(0);
    // In History before the page is left: it is written a moment after the answer shows.
    await expectRecorded(page, index + 1);
  }
  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'SQL' }).click();
  await expect(page).toHaveURL(/\/sql$/);
  const tables = page.getByRole('list', { name: 'Tables' }).getByRole('listitem');
  // The answer open on the lookup page first, then the two kept in History, then the table of tables.
  await expect(tables).toHaveCount(4, { timeout: 20_000 });
  const [current, ...names] = await tables.locator('summary code').allTextContents();
  expect(current).toBe('current_l');
  expect(names[2]).toBe('tables');
  expect(names[0]).toMatch(/^l_\d{8}_\d{4}$/);
  expect(names[1]).toMatch(/^l_\d{8}_\d{4}(_2)?$/);

  // A table's columns are listed when it is opened.
  await tables.nth(1).locator('summary').click();
  await expect(page.getByRole('list', { name: `Columns of ${names[0]}` })).toContainText('incident_offense');

  const join = `select a.incident_code, b.incident_offense from ${names[0]} a join ${names[1]} b on a.incident_code = b.incident_code`;
  await page.getByRole('textbox', { name: 'SQL query' }).fill(join);
  await page.getByRole('button', { name: 'Run' }).click();
  const summary = queryResult(page).getByRole('status').first();
  await expect(summary).toContainText(/rows?, 2 columns in/, { timeout: 30_000 });
  const rows = Number((await summary.textContent())!.replace(/ rows?,.*$/s, '').replace(/\D/g, ''));
  expect(rows).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/sql\?sql=/);

  // Saved by name, it is listed here and found in the palette, which opens it again.
  await page.getByRole('textbox', { name: 'Name' }).fill('Same incidents in both');
  await page.getByRole('button', { name: 'Save query' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as “Same incidents in both” in “My queries”.' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Saved queries' }).getByRole('button', { name: 'Same incidents in both', exact: true }),
  ).toBeVisible();
  await page.goto('/');
  // The shortcut is the app's: pressed before the page has drawn, nothing listens to it yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Lookup catalog' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('same incidents');
  await palette.getByRole('option', { name: /Same incidents in both/ }).click();
  await expect(page).toHaveURL(/\/sql\?sql=select/);
  await expect(queryResult(page).getByRole('status').first()).toContainText(`${rows.toLocaleString('en-US')} row`, { timeout: 30_000 });
});

test('on /sql, the answer open on a lookup page is a table even when History records nothing', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto('/history');
  await page.getByLabel('Do not record requests').check();
  await page.goto(answerUrl());
  const total = await recordCount(page);
  expect(total).toBeGreaterThan(0);
  // In-page navigation: the current answer lives in this tab's memory.
  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'SQL' }).click();
  const tables = page.getByRole('list', { name: 'Tables' }).getByRole('listitem');
  await expect(tables).toHaveCount(2, { timeout: 20_000 });
  await expect(tables.locator('summary code')).toHaveText(['current_l', 'tables']);
  await page.getByRole('textbox', { name: 'SQL query' }).fill('select count(*) as n from current_l');
  await page.getByRole('button', { name: 'Run' }).click();
  const result = queryResult(page);
  await expect(result.getByRole('status').first()).toContainText(/1 row, 1 column in/, { timeout: 30_000 });
  // One column: no delimiter for the CSV parser to find, so read its two lines.
  const [file] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
  expect(lines).toEqual(['n', String(total)]);
});

test('on /sql, a result with latitude and longitude is shown on a map', async ({ page }) => {
  await blockExternalRequests(page);
  const sql = 'select * from (values (37.7749, -122.4194), (37.78, -122.41), (null, null)) t(latitude, longitude)';
  await page.goto(`/sql?${new URLSearchParams({ sql })}`);
  const result = queryResult(page);
  await expect(result.getByRole('status').first()).toContainText(/3 rows, 2 columns in/, { timeout: 30_000 });
  await result.getByRole('button', { name: 'Show on the map' }).click();
  await expect(page.getByRole('region', { name: 'Map of the query result: 2 points' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('1 of 3 rows have no position and are not drawn.')).toBeVisible();
});

test('a saved SQL query is an item of its collection: listed under Saved, in the exported file, and imported back', async ({ page }) => {
  await blockExternalRequests(page);
  const sql = 'select 42 as answer_n';
  await page.goto('/sql');
  await page.getByRole('textbox', { name: 'SQL query' }).fill(sql);
  await page.getByRole('textbox', { name: 'Name' }).fill('The answer');
  await page.getByRole('textbox', { name: 'Collection' }).fill('Analysis');
  await page.getByRole('button', { name: 'Save query' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as “The answer” in “Analysis”.' })).toBeVisible();

  await page.goto('/saved');
  const collection = page.getByRole('region', { name: 'SQL queries in collection Analysis' });
  await expect(collection.getByRole('link', { name: 'The answer' })).toBeVisible();
  await expect(page.getByText(/Postman and Bruno exports leave out the saved SQL query/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all collections (JSON)' }).click(),
  ]);
  const exported = await readFile(await download.path(), 'utf8');
  const file = JSON.parse(exported) as {
    collections: Array<{ name: string; queries: unknown[]; sql?: Array<{ name: string; sql: string }> }>;
  };
  expect(file.collections).toEqual([{ name: 'Analysis', queries: [], sql: [expect.objectContaining({ name: 'The answer', sql })] }]);

  await collection.getByRole('button', { name: 'Delete “The answer”' }).click();
  await expect(collection).toHaveCount(0);
  await page
    .getByLabel('Import a collections file or a Postman collection')
    .setInputFiles({ name: 'analysis.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await expect(page.getByText('Imported 1 SQL query.')).toBeVisible();
  await collection.getByRole('link', { name: 'The answer' }).click();
  await expect(page).toHaveURL(/\/sql\?sql=select\+42\+as\+answer_n$/);
  await expect(queryResult(page).getByRole('status').first()).toContainText('1 row', { timeout: 30_000 });
});

test('on /sql, a saved bulk dataset is a table named after its file', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  const zips = ['62701', '62708', '62715', '62722', '62729'];
  await page.goto('/lookups/h');
  await page.getByRole('link', { name: 'Run over a list…' }).click();
  await page
    .getByLabel('Upload a CSV or JSON file')
    .setInputFiles({ name: 'zips.csv', mimeType: 'text/csv', buffer: Buffer.from(`zipcode\n${zips.join('\n')}\n`) });
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'finished' })).toBeVisible({ timeout: 40_000 });

  await page.goto('/sql');
  await expect(page.getByRole('list', { name: 'Tables' }).getByText('bulk_zips', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page
    .getByRole('textbox', { name: 'SQL query' })
    .fill('select zipcode, row_status, count(*) as n from bulk_zips group by all order by 1');
  await page.getByRole('button', { name: 'Run' }).click();
  const csv = await downloadCsv(page, queryResult(page).getByRole('button', { name: 'Export CSV' }));
  expect(csv.data.map((row) => row.zipcode)).toEqual(zips);
  expect(csv.data.every((row) => row.row_status === 'ok' && Number(row.n) > 0)).toBe(true);
});

test('masking holds in SQL: the table holds what the viewer shows, masked or not, as the switch says', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  /** A coordinate as precise as a rooftop: six decimals. */
  const EXACT = /^-?\d{1,3}\.\d{6}/;
  const coordinates = 'select incident_latitude as lat, incident_longitude as lon from answer';
  await page.goto(`${answerUrl()}&view=sql&sql=${encodeURIComponent(coordinates)}`);
  const toggle = page.getByRole('checkbox', { name: /Mask personal data/ });
  await expect(toggle).toBeChecked();
  const exactCount = async () => {
    const csv = await downloadCsv(page, queryResult(page).getByRole('button', { name: 'Export CSV' }));
    expect(csv.data.length).toBeGreaterThan(0);
    return csv.data.filter((row) => EXACT.test(row.lat ?? '') || EXACT.test(row.lon ?? '')).length;
  };
  await expect(queryResult(page).getByRole('status').first()).toContainText('2 columns', { timeout: 30_000 });
  expect(await exactCount()).toBe(0);

  await toggle.uncheck();
  await expect(queryResult(page).getByRole('status').first()).toContainText('2 columns', { timeout: 30_000 });
  await expect.poll(exactCount, { timeout: 20_000 }).toBeGreaterThan(0);

  await toggle.check();
  await expect(queryResult(page).getByRole('status').first()).toContainText('2 columns', { timeout: 30_000 });
  await expect.poll(exactCount, { timeout: 20_000 }).toBe(0);
});

test('a query running over 2 s can be cancelled, and the next one runs', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  const endless = 'select count(*) as n from range(1000000000000) t(x) where x % 7 = 3';
  await page.goto(`${answerUrl()}&view=sql&sql=${encodeURIComponent(endless)}`);
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(page.getByText('Running the query…')).toBeVisible({ timeout: 30_000 });
  await expect(cancel).toBeVisible({ timeout: 30_000 });
  await cancel.click();
  await expect(page.getByRole('status').filter({ hasText: 'The query was cancelled.' })).toBeVisible({ timeout: 10_000 });

  await page.getByRole('textbox', { name: 'SQL query' }).fill('select count(*) as n from answer');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(queryResult(page).getByRole('status').first()).toContainText('1 row, 1 column', { timeout: 30_000 });
});
