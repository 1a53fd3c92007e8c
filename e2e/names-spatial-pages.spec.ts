// Issue 34: answers named by their parameters (History layer choices, /sql tables), spatial SQL
// (distance_m, within_m and the guide's join of incidents to a property), and the loud label where a
// view reads one page of a paged answer (the map, the SQL table answer, Compare), with "fetch all".
import { blockExternalRequests, expect, expectRecorded, test, type Page } from './fixtures.ts';

const MINUS = '\u2212';
const L_QUERY = { lat: '37.7749', lon: '-122.4194', distance: '1mi', datetime_ini: '2024-05-01T00:00:00.000Z', page: '1' };
const WEEK = { ...L_QUERY, datetime_end: '2024-05-08T00:00:00.000Z' };
const HALF_WEEK = { ...L_QUERY, datetime_end: '2024-05-04T00:00:00.000Z' };
const WEEK_WORDS = `L · 1 mi around 37.77, ${MINUS}122.42 · May 1–8, 2024`;
const HALF_WEEK_WORDS = `L · 1 mi around 37.77, ${MINUS}122.42 · May 1–4, 2024`;

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true });
const queryResult = (page: Page) => page.getByRole('region', { name: 'Query result' });

/** Opens the query's link (which sends it) and waits until History holds `recorded` answers of L. */
async function sendL(page: Page, query: Record<string, string>, recorded: number) {
  await page.goto(`/lookups/l?${new URLSearchParams(query)}`);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/Page 1 of \d+/, { timeout: 30_000 });
  await expectRecorded(page, recorded);
}

async function runSql(page: Page, sql: string) {
  await page.getByRole('textbox', { name: 'SQL query' }).fill(sql);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(queryResult(page).getByRole('status').first()).toContainText(/rows?, \d+ columns? in/, { timeout: 30_000 });
}

test('the same L link sent with two date ranges: layer choices and /sql tables read as their parameters', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await sendL(page, WEEK, 1);
  await sendL(page, HALF_WEEK, 2);

  const choices = results(page).getByLabel('Add a layer from History or a bulk run').locator('option');
  await expect(choices.filter({ hasText: WEEK_WORDS })).toHaveCount(1);
  await expect(choices.filter({ hasText: HALF_WEEK_WORDS })).toHaveCount(1);

  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'SQL' }).click();
  const tables = page.getByRole('list', { name: 'Tables' }).getByRole('listitem');
  // Each History table (the answer open on the page, current_l, reads as the newest too).
  await expect(tables.filter({ hasText: `${WEEK_WORDS} (sent` })).toHaveCount(1, { timeout: 20_000 });
  await expect(tables.filter({ hasText: `${HALF_WEEK_WORDS} (sent` })).toHaveCount(1);
  // The identifiers stay short; `tables` lists them with the words.
  await expect(tables.filter({ hasText: `${WEEK_WORDS} (sent` }).locator('summary code')).toHaveText(/^l_\d{8}_\d{4}(_\d+)?$/);
  await runSql(page, "select name, description from tables where kind = 'history' order by description");
  await expect(queryResult(page)).toContainText(HALF_WEEK_WORDS);
  await expect(queryResult(page)).toContainText(WEEK_WORDS);
});

test('distance_m measures a hundredth of a degree of latitude as 1112 m in any SQL session', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto(
    `/sql?${new URLSearchParams({ sql: 'select round(distance_m(37.7749, -122.4194, 37.7849, -122.4194)) as metres, within_m(37.7749, -122.4194, 37.7849, -122.4194, 1000) as within_1km' })}`,
  );
  const result = queryResult(page);
  await expect(result.getByRole('status').first()).toContainText(/1 row, 2 columns in/, { timeout: 30_000 });
  await expect(result.getByRole('cell').nth(0)).toHaveText(/^1,?112$/);
  await expect(result.getByRole('cell').nth(1)).toHaveText(/false/);
});

test('the guide’s spatial join: incidents within 250 m of a property, on demo data', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto('/lookups/d?recordid=184713191');
  await expectRecorded(page, 1);
  await sendL(page, { ...WEEK, lat: '33.48', lon: '-112.03' }, 1);
  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'SQL' }).click();
  // The guide's query names the History tables as the Tables list shows them (their names hold the time sent).
  const tables = page.getByRole('list', { name: 'Tables' }).getByRole('listitem');
  const nameOf = (words: string) => tables.filter({ hasText: words }).locator('summary code').first().textContent();
  await expect(tables.filter({ hasText: 'D · recordid 184713191' })).toHaveCount(1, { timeout: 20_000 });
  const properties = (await nameOf('D · recordid 184713191'))!;
  const incidents = (await nameOf(`L · 1 mi around 33.48, ${MINUS}112.03`))!;
  expect(properties).toMatch(/^d_\d{8}_\d{4}$/);
  const guide = `select p."address.oneLine" as property, count(*) as incidents
from ${properties} as p
join ${incidents} as i
  on within_m(p."location.latitude", p."location.longitude", i.incident_latitude, i.incident_longitude, 250)
group by all`;
  await runSql(page, guide);
  await expect(queryResult(page).getByRole('status').first()).toContainText(/^1 row, 2 columns in/);
  await expect(queryResult(page).getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
});

test('the map and the SQL table answer say they hold page 1 of 3 until every page is fetched', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto(`/lookups/l?${new URLSearchParams(WEEK)}`);
  const note = results(page).getByRole('note').filter({ hasText: 'The map, its count and its time histogram show' });
  await expect(note).toHaveText(/show page 1 of (\d+) \(50 of [\d,]+ records\) — fetch all$/, { timeout: 30_000 });
  await results(page).getByRole('tab', { name: 'SQL' }).click();
  const sqlNote = results(page).getByRole('note').filter({ hasText: 'The table answer holds' });
  await expect(sqlNote).toContainText(/holds page 1 of \d+ \(50 of [\d,]+ records\)/, { timeout: 30_000 });
  await sqlNote.getByRole('button', { name: 'fetch all' }).click();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/^All \d+ pages merged/, { timeout: 30_000 });
  await expect(sqlNote).toHaveCount(0);
  await runSql(page, 'select count(*) as n from answer');
  await expect(queryResult(page).getByRole('cell').nth(0)).not.toHaveText(/^50$/);
  await results(page).getByRole('tab', { name: 'Map' }).click();
  await expect(note).toHaveCount(0);
});

test('Compare of two page-1s says each side is page 1 of N, and compares every record after fetch all', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await sendL(page, HALF_WEEK, 1);
  await sendL(page, WEEK, 2);
  await page.getByRole('link', { name: 'Compare answers…' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Compared' });
  await expect(status).toContainText(
    /Not every record was compared: before is page 1 of \d+ \(50 of [\d,]+ records\), after is page 1 of \d+ \(50 of [\d,]+ records\)\./,
    {
      timeout: 30_000,
    },
  );
  await page.getByRole('button', { name: 'Fetch all pages of both answers' }).click();
  await expect(status).toHaveText(/^Compared: \d+ added, \d+ removed, \d+ changed, \d+ unchanged records\.$/, { timeout: 30_000 });
  // Every record of the shorter window is in the longer one: nothing removed once both are whole.
  await expect(status).toContainText(' 0 removed');
});
