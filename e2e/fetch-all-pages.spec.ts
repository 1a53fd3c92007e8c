// Fetch all pages, as a person sees it: on a paged answer the paging bar offers every page, asks
// before sending more than a few calls, shows its progress, and then shows one merged answer that
// the map and the table read, holding as many records as the answer said the query matched,
// including the last page's; and it goes back to page by page.
import { blockExternalRequests, expect, test } from './fixtures.ts';
import { lookups } from '../src/lookups/registry.ts';
import { INCIDENTS_PER_PAGE } from '../src/lookups/l-crime-incidents.ts';

const lookup = lookups.L;
const count = (value: number) => value.toLocaleString('en-US');

test('L: fetch all pages merges every page into one answer that the map and the table read', async ({ page }) => {
  // A dozen demo pages through the proxy, a map and a table: Playwright's slow budget.
  test.slow();
  await blockExternalRequests(page);
  // Two miles around San Francisco over a week: a few hundred incidents, about a dozen pages.
  const query = { ...lookup.operations[0].example, distance: '2mi', page: '1' };
  await page.goto(`/lookups/${lookup.slug}?${new URLSearchParams(query)}`);
  const results = page.getByRole('region', { name: 'Results', exact: true });
  const bar = results.getByRole('navigation', { name: 'Pages' });
  await expect(bar).toContainText(/^Page 1 of \d+/, { timeout: 30_000 });
  const last = Number(/of (\d+)/.exec((await bar.textContent()) ?? '')![1]);
  expect(last).toBeGreaterThan(4); // enough pages that it asks first
  const totalText = (await results.getByText(/[\d,]+ incidents in all/).textContent()) ?? '';
  const total = Number(/([\d,]+) incidents in all/.exec(totalText)![1]!.replace(/,/g, ''));
  expect(total).toBeGreaterThan((last - 1) * 40);

  // The last page waits until the progress has been seen, so the check does not race the demo.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isLastPage = (url: URL) => url.pathname.startsWith(`/proxy/${lookup.slug}/`) && url.searchParams.get('page') === String(last);
  await page.route(isLastPage, async (route) => {
    await held;
    await route.continue();
  });
  const lastPage = page.waitForResponse((response) => isLastPage(new URL(response.url())));

  await results.getByRole('button', { name: `Fetch all ${last} pages` }).click();
  const confirm = results.getByRole('group', { name: 'Confirm fetching every page' });
  await expect(confirm).toContainText(`This sends up to ${last - 1} more requests`);
  await confirm.getByRole('button', { name: `Fetch ${last - 1} pages` }).click();

  const progress = results.getByRole('status').filter({ hasText: /^Page \d+ of \d+ · [\d,]+ records$/ });
  await expect(progress).toHaveText(new RegExp(`^Page \\d+ of ${last} · [\\d,]+ records$`));
  await expect(results.getByRole('progressbar', { name: 'Pages fetched' })).toBeVisible();
  await expect(results.getByRole('button', { name: 'Cancel' })).toBeVisible();
  release();
  const lastIncidents = ((await (await lastPage).json()) as Array<{ incidents: Array<{ incident_code: string }> }>)[0]!.incidents;
  expect(lastIncidents.length).toBeGreaterThan(0);

  // One merged answer: the bar and the summary say so, the map and the table hold every record.
  const merged = `all ${last} pages merged · ${count(total)} records`;
  await expect(bar).toContainText(`All ${last} pages merged · ${count(total)} records`, { timeout: 30_000 });
  await expect(results.getByText(merged, { exact: true })).toBeVisible();
  await expect(results.getByRole('region', { name: `Map of ${count(total)} results` })).toBeVisible();

  await results.getByRole('tab', { name: 'Table' }).click();
  const panel = results.getByRole('tabpanel');
  await expect(panel.getByText(`${count(total)} records`, { exact: true })).toBeVisible();
  // L answers newest first: sorted oldest first, the table opens on the last page's last incident.
  const date = panel.getByRole('columnheader', { name: /incident_date/ });
  await date.getByRole('button').click();
  await expect(date).toHaveAttribute('aria-sort', 'ascending');
  await expect(panel.locator('tbody tr').first()).toContainText(lastIncidents.at(-1)!.incident_code);

  // Back to page by page: the first page again, with its page controls.
  await bar.getByRole('button', { name: 'Back to page by page' }).click();
  await expect(bar).toContainText(`Page 1 of ${last}`);
  await expect(panel.getByText(`${INCIDENTS_PER_PAGE} records`, { exact: true })).toBeVisible();
  await expect(results.getByRole('button', { name: `Fetch all ${last} pages` })).toBeVisible();
});
