// Server-side jobs on the Jobs page (issue 27): a production server of the spec's own in team mode
// with a real redis-server (the shared server of playwright.config.ts has no Redis). A job of H's
// demo answers is sent to POST /jobs; the Jobs page lists it with its progress and, opened, shows
// its merged dataset in the table; a watchlist's page shows its runs over time.
import type { ChildProcess } from 'node:child_process';
import { startRedis, type TestRedis } from '../src/server/team/redis-for-tests.ts';
import { expect, test } from './fixtures.ts';
import { startApp } from './start-app.ts';

test.describe.configure({ mode: 'serial' });

let app: ChildProcess | undefined;
let redis: TestRedis | undefined;
let base: string;

test.beforeAll(async () => {
  redis = await startRedis();
  const started = await startApp({
    LOOKUP_REDIS_URL: redis.url,
    LOOKUP_JOBS_CHUNK_ROWS: '5',
    LOOKUP_JOBS_CONCURRENCY: '2',
    LOOKUP_WATCH_EVERY_MS: '1500',
  });
  app = started.child;
  base = started.origin;
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await redis?.stop();
});

test('the Jobs page shows a server job’s progress, and its merged results in the table', async ({ page }) => {
  const rows = Array.from({ length: 20 }, (_, index) => ({ zipcode: String(62_701 + index) }));
  const submitted = await page.request.post(`${base}/jobs`, { data: { lookup: 'H', operation: 'records', rows } });
  expect(submitted.status()).toBe(202);
  const job = (await submitted.json()) as { id: string };

  await page.goto(`${base}/jobs`);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'H · records' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('progressbar', { name: /^Job H records: \d+ of 20 rows$/ })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Completed' })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('progressbar')).toHaveAccessibleName('Job H records: 20 of 20 rows');
  await expect(row.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', `/jobs/${job.id}/result.csv`);

  await row.getByRole('link', { name: 'H · records' }).click();
  await expect(page).toHaveURL(`${base}/jobs/${job.id}`);
  await expect(page.getByRole('heading', { name: 'Job: H · records' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Merged results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  await expect(results.getByRole('columnheader', { name: /row_status/ }).first()).toBeVisible();
  await expect(results.getByText('62701').first()).toBeVisible();
});

test('the Watch page shows a watchlist’s name, its query and its runs over time; its runs on /jobs link back', async ({ page }) => {
  const created = await page.request.post(`${base}/watches`, {
    data: { name: 'Springfield offenders', lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }], schedule: 'hourly' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`${base}/watches`);
  await page.getByRole('link', { name: 'Springfield offenders' }).click();
  await expect(page.getByRole('heading', { name: 'Watchlist', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Springfield offenders', level: 2 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^H\. .+ · Offender records$/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'zipcode=62701' })).toBeVisible();
  const runs = page.getByRole('table', { name: 'Runs, newest first' });
  // The first run is the baseline; the demo answers the same on the next run: no change.
  await expect(runs.getByText(/^First run: \d+ records/)).toBeVisible({ timeout: 30_000 });
  await expect(runs.getByText('No change.').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop watching' }).click();
  await expect(page.getByText(/hourly \(stopped\)/)).toBeVisible();

  // Its runs on the Jobs page say whose they are and lead back to it.
  await page.goto(`${base}/jobs`);
  const back = page.getByRole('link', { name: 'Watch: Springfield offenders' }).first();
  await expect(back).toHaveAttribute('href', `/watches/${id}`);
  await back.click();
  await expect(page).toHaveURL(`${base}/watches/${id}`);
  await expect(page.getByRole('heading', { name: 'Springfield offenders', level: 2 })).toBeVisible();
});

test('“Watch this query…” on a lookup’s answer and on a saved query creates watchlists listed on the Watch page', async ({ page }) => {
  await page.goto(`${base}/lookups/h?zipcode=62702`);
  await page.getByRole('button', { name: 'Watch this query…' }).click();
  const form = page.getByRole('form', { name: 'Watch this query' });
  await form.getByLabel('Watchlist name').fill('Answer on the page');
  await form.getByRole('radio', { name: 'weekly' }).check();
  await form.getByRole('button', { name: 'Start watching' }).click();
  await expect(page.getByText('The server runs “Answer on the page” weekly')).toBeVisible();

  // A saved query of the same page, watched from the Saved page.
  await page.getByRole('button', { name: 'Save query…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByLabel('Name').fill('Saved Springfield');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`${base}/saved`);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Saved Springfield' }) });
  await item.getByRole('button', { name: 'Watch this query…' }).click();
  await expect(item.getByLabel('Watchlist name')).toHaveValue('Saved Springfield');
  await item.getByRole('radio', { name: 'daily' }).check();
  await item.getByRole('button', { name: 'Start watching' }).click();
  await item.getByRole('link', { name: 'Watch page' }).click();

  await expect(page).toHaveURL(`${base}/watches`);
  const watches = page.getByRole('table', { name: 'Your watchlists' });
  await expect(watches.getByRole('row').filter({ hasText: 'Answer on the page' })).toContainText('weekly');
  await expect(watches.getByRole('row').filter({ hasText: 'Saved Springfield' })).toContainText('daily');
});

test('a job from a link to an answer: the server runs H’s query and sends L a row per offender’s address', async ({ page }) => {
  const submitted = await page.request.post(`${base}/jobs`, {
    data: { lookup: 'L', operation: 'incidents', from: { lookup: 'H', operation: 'records', params: { zipcode: '62701' } } },
  });
  expect(submitted.status()).toBe(202);
  const job = (await submitted.json()) as { url: string; rows: number };
  expect(job.rows).toBeGreaterThan(0);
  await expect
    .poll(async () => ((await (await page.request.get(`${base}${job.url}`)).json()) as { state: string }).state, { timeout: 30_000 })
    .toBe('completed');
  const rows = (await (await page.request.get(`${base}${job.url}/result.json`)).json()) as {
    lat: unknown;
    lon: unknown;
    row_status: string;
  }[];
  // Each row's input columns are the offender's point; L's records (if any) follow it.
  expect(rows.length).toBeGreaterThanOrEqual(job.rows);
  expect(rows.every((row) => Number.isFinite(Number(row.lat)) && Number.isFinite(Number(row.lon)))).toBe(true);
  expect(rows.some((row) => row.row_status === 'ok' || row.row_status === 'empty')).toBe(true);

  const refused = await page.request.post(`${base}/jobs`, {
    data: { lookup: 'H', operation: 'records', from: { lookup: 'H', operation: 'records', params: { zipcode: '62701' } } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('No link leads from H records to H records');
});

test('“Run this dossier on the server”: each of its lookups a job, listed under the dossier with a link back; “Watch this dossier…”', async ({
  page,
}) => {
  test.slow();
  const dossier = '/dossier?lat=37.7749&lon=-122.4194&radius=800';
  await page.goto(`${base}${dossier}`);
  await expect(page.getByRole('region', { name: /^L\. / }).getByRole('definition').first()).toHaveText(/^[\d,]+ records?/, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Run this dossier on the server' }).click();
  await expect(page.getByRole('status').filter({ hasText: /jobs run on the server/ })).toHaveText(
    /^3 jobs run on the server, without this tab: see them on the Jobs page\.$/,
    { timeout: 20_000 },
  );

  await page.getByRole('link', { name: 'Jobs page' }).click();
  const title = 'Dossier around 37.7749, -122.4194';
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(rows).toHaveCount(3);
  for (const lookup of ['B', 'L', 'M'])
    await expect(rows.filter({ has: page.getByRole('link', { name: new RegExp(`^${lookup} · `) }) })).toHaveCount(1);
  await expect(rows.getByRole('cell', { name: 'Completed' })).toHaveCount(3, { timeout: 30_000 });
  // The group's link leads back to the dossier.
  await rows.first().getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`${base}${dossier}`);

  // Watching it (back on the dossier) makes a watchlist of each of its queries, named after it.
  await page.getByRole('button', { name: 'Watch this dossier…' }).click();
  const watch = page.getByRole('form', { name: 'Watch this dossier' });
  await watch.getByRole('radio', { name: 'weekly' }).check();
  await watch.getByRole('button', { name: 'Start watching' }).click();
  await expect(page.getByRole('status').filter({ hasText: /queries weekly/ })).toHaveText(
    'The server runs the dossier’s 3 queries weekly: see them on the Watch page.',
  );
  await page.getByRole('link', { name: 'Watch page' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^${title}: [BLM]\\. `) })).toHaveCount(3);

  // A group that names another site is refused.
  const refused = await page.request.post(`${base}/jobs`, {
    data: { lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }], group: { title: 'x', path: '//elsewhere.example/' } },
  });
  expect(refused.status()).toBe(400);
});
