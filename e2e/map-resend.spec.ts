// Sending again with a new search radius (L and M's distance, B's prox) re-fits the results map to
// the new circle while the answer is on its way, and the new answer remounts the map. Leaflet 1.9
// threw "Cannot read properties of undefined (reading '_leaflet_pos')" from a zoom animation that
// outlived its map. The shared fixture fails a test on any page error; these also check that the
// map then shows the new answer's records.
import { blockExternalRequests, expect, test, type Page, type Response } from './fixtures.ts';
import type { LookupDefinition } from '../src/lookups/define-lookup.ts';
import { lookups } from '../src/lookups/registry.ts';

// Longer than Leaflet's 250 ms zoom-animation timer, so a failure lands inside the test.
const ANIMATION_SETTLED_MS = 400;

interface RadiusCase {
  lookup: LookupDefinition;
  field: string;
  values: string[];
}

const cases: RadiusCase[] = [
  { lookup: lookups.L, field: 'distance', values: ['2mi', '0.5mi', '3mi', '1.5mi'] },
  { lookup: lookups.M, field: 'distance', values: ['2mi', '0.5mi', '3mi', '1.5mi'] },
  {
    lookup: lookups.B,
    field: 'prox',
    values: ['52.5200,13.4050,8000', '52.5200,13.4050,1500', '52.5200,13.4050,12000', '52.5200,13.4050,5000'],
  },
];

const resultsMap = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('region', { name: /^Map of [\d,]+ results?$/ });

/** The records with coordinates in an answer, read with the lookup's own adapters. */
async function mappedRecordCount(lookup: LookupDefinition, response: Response): Promise<number> {
  const adapters = lookup.operations[0].adapters;
  const records = adapters?.records?.(await response.json()) ?? [];
  return records.filter((record) => adapters?.point?.(record) !== undefined).length;
}

/** Sends the form and waits until the map shows that answer's records; returns the sent URL. */
async function sendAndSeeMap(page: Page, lookup: LookupDefinition): Promise<URL> {
  const answer = page.waitForResponse((response) => response.url().includes(`/proxy/${lookup.id.toLowerCase()}/`));
  await page.getByRole('button', { name: 'Send request' }).click();
  const response = await answer;
  expect(response.ok()).toBe(true);
  const count = await mappedRecordCount(lookup, response);
  expect(count).toBeGreaterThan(0);
  await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(`${count.toLocaleString('en-US')} record${count === 1 ? '' : 's'} on the map`, { exact: true }),
  ).toBeVisible();
  await expect(resultsMap(page).locator('.map-search-circle')).toHaveCount(1);
  return new URL(response.url());
}

/**
 * Answers the next request with `field` = `value` from an answer fetched beforehand, released
 * while the results map is still animating its fit to the new circle (as a fast upstream or a
 * cache would answer): the new answer then remounts the map mid-animation, the window in which
 * Leaflet 1.9 threw. A fit that does not change the zoom (a smaller circle inside the old points)
 * does not animate: the answer then goes after a second.
 */
async function answerDuringTheFit(page: Page, previous: URL, field: string, value: string) {
  const target = new URL(previous);
  target.searchParams.set(field, value);
  const prepared = await page.request.get(target.toString());
  expect(prepared.ok()).toBe(true);
  const zooming = () =>
    page
      .waitForFunction(() => document.querySelector('[aria-label="Results"] .leaflet-map-pane.leaflet-zoom-anim') !== null, undefined, {
        polling: 'raf',
        timeout: 1_000,
      })
      .catch(() => undefined);
  await page.route(
    (url) => url.pathname === target.pathname && url.searchParams.get(field) === value,
    async (route) => {
      await zooming();
      await route.fulfill({ response: prepared });
    },
    { times: 1 },
  );
}

// Each value differs from the example and from the others: a query sent before may be answered from the cache.
for (const { lookup, field, values } of cases) {
  test(`${lookup.id}: changing ${field} and sending again, several times, shows each new answer on the map without an error`, async ({
    page,
  }) => {
    test.slow(); // five answers, M's of up to 10,000 calls
    await blockExternalRequests(page);
    await page.goto(`/lookups/${lookup.slug}`);
    await page.getByRole('button', { name: 'Try an example' }).click();
    let previous = await sendAndSeeMap(page, lookup);

    for (const value of values) {
      await answerDuringTheFit(page, previous, field, value);
      await page.getByLabel(field, { exact: true }).fill(value);
      previous = await sendAndSeeMap(page, lookup);
      expect(previous.searchParams.get(field)).toBe(value);
      await expect(page).toHaveURL((url) => url.searchParams.get(field) === value);
      await page.waitForTimeout(ANIMATION_SETTLED_MS);
    }
  });
}

test('L: leaving the map tab while the map is zooming throws nothing', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto(`/lookups/${lookups.L.slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await sendAndSeeMap(page, lookups.L);
  // An animated zoom starts on the next frame; the tab changes, unmounting the map, a frame later,
  // well before the animation's 250 ms end.
  const zoomOut = await resultsMap(page).getByRole('button', { name: 'Zoom out' }).elementHandle();
  const tableTab = await page.getByRole('tab', { name: 'Table' }).elementHandle();
  await page.evaluate(
    async ([zoom, tab]) => {
      (zoom as HTMLElement).click();
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      (tab as HTMLElement).click();
    },
    [zoomOut, tableTab] as const,
  );
  await expect(resultsMap(page)).toHaveCount(0);
  await page.waitForTimeout(ANIMATION_SETTLED_MS);
});
