// The table's default columns start with each operation's key columns (D-03): B's station name,
// distance and position, L's coordinates and address. A person's choice of columns is remembered
// per lookup and operation in the browser, so a reload with a new query keeps it.
import { blockExternalRequests, expect, test, type Page } from './fixtures.ts';
import { lookups } from '../src/lookups/registry.ts';

const stations = lookups.B.operations[0];
const incidents = lookups.L.operations[0];
const results = (page: Page) => page.getByRole('region', { name: 'Results' });

/** Opens a query on the Table tab and waits for its rows. */
async function openTable(page: Page, slug: string, values: Readonly<Record<string, string>>) {
  await page.goto(`/lookups/${slug}?${new URLSearchParams({ ...values, view: 'table' })}`);
  await expect(results(page).getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await expect(results(page).locator('tbody tr').first()).toBeVisible();
}

async function columnNames(page: Page) {
  return (await results(page).getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼\s]/g, ''));
}

test.beforeEach(async ({ page }) => blockExternalRequests(page));

test('B’s example shows the station’s name, distance and position first', async ({ page }) => {
  await openTable(page, 'b', stations.example);
  await expect
    .poll(() => columnNames(page))
    .toEqual(expect.arrayContaining(['name', 'distance', 'position.latitude', 'position.longitude']));
  const names = await columnNames(page);
  expect(names.slice(0, 3)).toEqual(['#', 'name', 'distance']);
  // The name column holds the stations' names, not an empty column.
  await expect(results(page).locator('tbody tr').first().locator('td').nth(1)).not.toBeEmpty();
});

test('L’s example shows the incident’s coordinates and address', async ({ page }) => {
  await openTable(page, 'l', incidents.example);
  await expect
    .poll(() => columnNames(page))
    .toEqual(expect.arrayContaining(['incident_address', 'incident_latitude', 'incident_longitude']));
  // The definition's key columns lead, in its order, before the rest of the usual twelve.
  const keyColumns = incidents.table?.keyColumns ?? [];
  const names = await columnNames(page);
  expect(names.slice(1, keyColumns.length + 1)).toEqual(keyColumns);
  expect(names).toHaveLength(13);
});

test('a choice of columns survives a reload with a new query', async ({ page }) => {
  test.slow();
  await openTable(page, 'b', stations.example);
  await results(page)
    .getByText(/^Columns \(/)
    .click();
  // Each checkbox follows the URL's columns: click, then wait for the state (as view-state.spec does).
  const city = results(page).getByRole('checkbox', { name: 'address.city', exact: true });
  await expect(city).toBeChecked();
  await city.click();
  await expect(city).not.toBeChecked();
  const id = results(page).getByRole('checkbox', { name: 'id', exact: true });
  await expect(id).not.toBeChecked();
  await id.click();
  await expect(id).toBeChecked();
  await expect(page).toHaveURL(/[?&]cols=[^&]+/);
  const chosen = await columnNames(page);
  expect(chosen).toContain('id');
  expect(chosen).not.toContain('address.city');

  // A new query in a fresh page load, its URL naming no columns: the browser remembers them.
  const { connectortype: _dropped, ...newQuery } = stations.example;
  await openTable(page, 'b', newQuery);
  expect(new URL(page.url()).searchParams.has('cols')).toBe(false);
  await expect.poll(() => columnNames(page)).toEqual(chosen);
  await page.reload();
  await expect(results(page).locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => columnNames(page)).toEqual(chosen);

  // The URL's own columns still win.
  await openTable(page, 'b', { ...newQuery, cols: 'name,distance' });
  await expect.poll(() => columnNames(page)).toEqual(['#', 'name', 'distance']);
});
