// Domain views a person reads: J's overview, I's chart on a phone, N's statement of what its spec
// leaves open, and the ready-to-run curl through this server's proxy.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';

async function sendExample(page: Page, slug: string) {
  await page.goto(`/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('tablist', { name: 'Result views' })).toBeVisible({ timeout: 20_000 });
  return results;
}

test('J opens on an overview with its ranks, bounce rate and monthly visits', async ({ page }) => {
  const results = await sendExample(page, 'j');
  await expect(results.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const overview = results.getByRole('tabpanel');
  await expect(overview.getByText('Global rank')).toBeVisible();
  await expect(overview.getByText(/^#[\d,]+$/).first()).toBeVisible();
  await expect(overview.getByText('Bounce rate')).toBeVisible();
  await expect(overview.getByText(/^\d+(\.\d)? %$/).first()).toBeVisible();
  await expect(overview.getByRole('img', { name: /Monthly visits by date/ })).toBeVisible();
  await overview.getByText('Show the monthly visits as a table').click();
  const table = overview.getByRole('table', { name: 'Visits per month' });
  await expect(table).toBeVisible();
  // A header row and one row per month.
  expect(await table.getByRole('row').count()).toBeGreaterThan(2);
  await expect(table.getByRole('row').nth(1)).toHaveText(/^\d{4}-\d{2}\s*[\d,]+$/);
  const { violations } = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
  ).toEqual([]);
});

test('I’s chart at 375 px keeps readable labels and its last date within the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const results = await sendExample(page, 'i');
  const chart = results.getByRole('img', { name: /by date/ });
  await expect(chart).toBeVisible();
  const labels = chart.locator('text.rates-chart__date');
  const count = await labels.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const boxes = [];
  for (let index = 0; index < count; index++) boxes.push((await labels.nth(index).boundingBox())!);
  const last = boxes.at(-1)!;
  const svg = (await chart.boundingBox())!;
  expect(last.x).toBeGreaterThanOrEqual(0);
  expect(last.x + last.width).toBeLessThanOrEqual(375);
  expect(last.x + last.width).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
  // Labels are drawn at their 12 px size, not scaled down, and do not overlap.
  for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(11);
  for (let index = 1; index < boxes.length; index++) expect(boxes[index]!.x).toBeGreaterThan(boxes[index - 1]!.x + boxes[index - 1]!.width);
  await expect(labels.last()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
});

test('N’s page says plainly what its spec leaves open and what this tool chose', async ({ page }) => {
  await page.goto('/lookups/n');
  await page.getByText(/^Notes on this lookup/).click();
  await expect(page.getByText(/placeholder entry/)).toBeVisible();
  for (const topic of ['Path', 'Key', 'Coverage', 'Parameters', 'Formats', 'Recommendations', 'No match'])
    await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${topic}\\. Left open: .+ Chosen: `) })).toBeVisible();
});

test('the curl through this server’s proxy runs as shown, for R’s POST too', async ({ page, request, baseURL }) => {
  const results = await sendExample(page, 'r');
  await results.getByRole('tab', { name: 'Request' }).click();
  const snippet = (await results.getByLabel('curl via this server snippet').textContent())!;
  expect(snippet).not.toContain('<API_KEY>');
  const url = /curl -sS -X POST '([^']+)'/.exec(snippet)![1]!;
  expect(url).toBe(`${baseURL}/proxy/r/profile-details`);
  const headers = Object.fromEntries([...snippet.matchAll(/-H '([^:]+): ([^']+)'/g)].map((match) => [match[1]!, match[2]!]));
  expect(headers).toEqual({ 'Content-Type': 'application/json', Origin: baseURL });
  const data = /--data '([^']+)'/.exec(snippet)![1]!;
  const response = await request.post(url, { headers, data });
  expect(response.status()).toBe(200);
  expect(await response.json()).toHaveProperty('profile_id');
});

test('R’s overview says what each job was and when, the current one included, with counts grouped', async ({ page }) => {
  const results = await sendExample(page, 'r');
  await results.getByRole('tab', { name: 'Overview' }).click();
  const jobs = results.getByRole('region', { name: 'Experience' }).getByRole('listitem');
  await expect(jobs.first()).toHaveText(/ · \d{4}-\d{2}–current$/);
  const count = await jobs.count();
  for (let at = 1; at < count; at++) await expect(jobs.nth(at)).toHaveText(/ · \d{4}-\d{2}–\d{4}-\d{2}$/);
  await expect(results.getByRole('region', { name: 'Network info' })).toContainText(/Connections count: \d{1,3}(,\d{3})+/);
  await expect(results.getByText('Profile URL', { exact: true })).toBeVisible();
});
