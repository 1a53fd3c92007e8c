// Querying inside an answer, as a person does it in Chromium: a JSONPath over L's example answer
// lists its matches and a click opens the node in the tree; Find jumps to a value; the Raw tab
// scrolls to a result's line. Then an answer of 100,000 entries (sent in place of the demo's): the
// document goes to a worker, and Find locates the one value entry 99,999 holds and the virtualised
// tree shows it.
import { blockExternalRequests, expect, test, type Page } from './fixtures.ts';
import { lookups } from '../src/lookups/registry.ts';

const example = new URLSearchParams(lookups.L.operations[0].example).toString();
const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const tree = (page: Page) => results(page).getByRole('tree', { name: 'Body as a tree' });
/** The tree's active row: the element its aria-activedescendant names. */
const activeRow = (page: Page) => tree(page).locator('[role="treeitem"][aria-selected="true"]');

async function runQuery(page: Page, expression: string) {
  const box = results(page).getByRole('textbox', { name: 'JSONPath query' });
  await box.fill(expression);
  await box.press('Enter');
}

async function find(page: Page, text: string) {
  const box = results(page).getByRole('searchbox', { name: 'Find a key or value' });
  await box.fill(text);
  await box.press('Enter');
}

test("L's example: a JSONPath lists matches that open in the tree; Find and the Raw tab jump too", async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto(`/lookups/l?${example}&view=tree`);
  await expect(tree(page)).toBeVisible({ timeout: 30_000 });

  // A typo is refused at the field.
  await runQuery(page, '$[0].incidents[?(@.incident_offense_code ==)]');
  await expect(results(page).getByRole('textbox', { name: 'JSONPath query' })).toHaveAttribute('aria-invalid', 'true');
  await expect(results(page).getByText(/Expected @, \$, a quoted text/)).toBeVisible();

  await runQuery(page, '$[0].incidents[*].incident_code');
  const status = results(page)
    .getByRole('status')
    .filter({ hasText: /matches for/ });
  await expect(status).toHaveText(/^50 matches for \$\[0\]\.incidents\[\*\]\.incident_code\.$/);
  const listed = results(page).getByRole('list', { name: 'Query results' }).getByRole('button');
  await expect(listed).toHaveCount(50);
  const third = listed.nth(2);
  const code = JSON.parse((await third.locator('.answer-query-preview').textContent())!) as string;
  await third.click();
  await expect(activeRow(page)).toHaveText(`incident_code: "${code}"`);
  await expect(activeRow(page)).toBeInViewport();
  await expect(tree(page)).toBeFocused();
  await expect(tree(page).getByRole('treeitem', { name: /^2 \{14 keys\}$/ })).toHaveAttribute('aria-expanded', 'true');

  // The keyboard walks on from there.
  await page.keyboard.press('ArrowDown');
  await expect(activeRow(page)).toHaveText(/^incident_date: /);

  // Find by a value the last incident holds: the list names it, the click shows it.
  const lastCode = JSON.parse((await listed.nth(49).locator('.answer-query-preview').textContent())!) as string;
  await find(page, lastCode);
  await expect(results(page).getByRole('status').filter({ hasText: 'found for' })).toHaveText(`1 key or value found for “${lastCode}”.`);
  await results(page)
    .getByRole('button', { name: `$[0].incidents[49].incident_code value: "${lastCode}"` })
    .click();
  await expect(activeRow(page)).toHaveText(`incident_code: "${lastCode}"`);
  await expect(activeRow(page)).toBeInViewport();

  // The Raw tab keeps the boxes' results and scrolls its text to the line.
  await results(page).getByRole('tab', { name: 'Raw' }).click();
  await results(page)
    .getByRole('button', { name: `$[0].incidents[49].incident_code value: "${lastCode}"` })
    .click();
  const line = results(page).locator('.raw-line-target');
  await expect(line).toHaveText(new RegExp(`^\\s*"incident_code": "${lastCode}",\\s*$`));
  await expect(line).toBeInViewport();
});

test('100,000 entries: Find locates the value only entry 99,999 holds, off the main thread, and the tree shows it', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  // I's time series with 100,000 dated entries (~4 MB; Playwright hands a routed body to Chromium
  // slowly, so not L's 56 MB: bench/jsonpath.ts measures that), each conforming to I's schema, one
  // rate held by entry 99,999 alone. Well past the 1 MB from which the document goes to a worker.
  const key = (index: number) => `d${String(index).padStart(6, '0')}`;
  const rates = Object.fromEntries(
    Array.from({ length: 100_000 }, (_, index) => [key(index), { USD: index === 99_999 ? 98765.4321 : 1 + (index % 97) / 100 }]),
  );
  const answer = { success: true, timeseries: true, start_date: '2024-01-01', end_date: '2024-03-31', base: 'EUR', rates };
  const body = Buffer.from(JSON.stringify(answer));
  expect(body.byteLength).toBeGreaterThan(2_000_000);
  await page.route(/\/proxy\/i\//, (route) =>
    route.fulfill({ status: 200, headers: { 'content-type': 'application/json', 'x-lookup-source': 'demo' }, body }),
  );
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const example = new URLSearchParams(lookups.I.operations.find((operation) => operation.id === 'timeseries')!.example).toString();
  await page.goto(`/lookups/i?op=timeseries&${example}&view=tree`);
  await expect(tree(page)).toBeVisible({ timeout: 60_000 });

  const started = Date.now();
  await find(page, '98765.43');
  await expect(results(page).getByRole('status').filter({ hasText: 'found for' })).toHaveText('1 key or value found for “98765.43”.', {
    timeout: 60_000,
  });
  console.log(
    `Find over ${(body.byteLength / 1e6).toFixed(1)} MB: ${Date.now() - started} ms from Enter to the count, worker start-up and parse included`,
  );
  expect(workers.some((url) => /document-worker/.test(url))).toBe(true);

  await results(page).getByRole('button', { name: '$.rates.d099999.USD value: 98765.4321' }).click();
  await expect(activeRow(page)).toHaveText('USD: 98765.4321');
  await expect(activeRow(page)).toBeInViewport();
  await expect(tree(page).getByRole('treeitem', { name: /^d099999 \{1 key\}$/ })).toHaveAttribute('aria-expanded', 'true');
  // Virtualised: a tree with 100,000 entries open keeps only the rows in view in the page.
  expect(await tree(page).getByRole('treeitem').count()).toBeLessThan(120);

  const queried = Date.now();
  await runQuery(page, '$.rates[?(@.USD > 1000)].USD');
  await expect(results(page).getByRole('status').filter({ hasText: 'for $' })).toHaveText('1 match for $.rates[?(@.USD > 1000)].USD.', {
    timeout: 30_000,
  });
  console.log(`JSONPath filter over 100,000 entries: ${Date.now() - queried} ms from Enter to the count`);
  await expect(results(page).getByRole('button', { name: '$.rates.d099999.USD 98765.4321' })).toBeVisible();
});
