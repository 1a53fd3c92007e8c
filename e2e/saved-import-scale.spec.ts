// Saved queries at the red team's sizes (issue 22, item 9): a browser that imported 100,000 before
// the cap keeps a catalog that answers typing within 2 s, with no long freeze and a small page; the
// Saved page, a lookup page and the command palette list them without rendering them all; an import
// over the cap (6,000), a Postman file 20,000 folders deep and a 50 MB invalid file are each
// refused with a message where the file was chosen, nothing written and the page never frozen.
import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { collectionsFile, deepPostmanFile, invalidJsonFile, seedOldSavedQueries } from './saved-import-files.ts';
import { allLookups } from '../src/lookups/registry.ts';

declare global {
  interface Window {
    longTasks: { start: number; duration: number }[];
    answeredAt?: number;
  }
}

/**
 * Records every long task (over 50 ms) of each page from its first script on, and when the
 * catalog first answered typing (its count names the match Enter opens), in the page's own clock:
 * from the start of the navigation, without the test runner's round trips.
 */
async function watchLongTasks(page: Page) {
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => window.longTasks.push({ start: entry.startTime, duration: entry.duration })),
    ).observe({
      type: 'longtask',
      buffered: true,
    });
    new MutationObserver(() => {
      if (window.answeredAt === undefined && document.getElementById('catalog-count')?.textContent?.includes('Enter opens'))
        window.answeredAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The longest task that began at `since` or later (the page's clock), in ms. */
const longestTask = (page: Page, since = 0) =>
  page.evaluate((from) => Math.max(0, ...window.longTasks.filter((task) => task.start >= from).map((task) => task.duration)), since);
const elementCount = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);
const savedCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lookup-explorer-saved');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve(0);
          const count = db.transaction('queries').objectStore('queries').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** Opens the catalog and types into its filter as soon as it can: ms from the navigation's start until the page answered. */
async function timeToInteractive(page: Page): Promise<number> {
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Filter lookups').fill('crime');
  await expect(page.locator('#catalog-count')).toHaveText(new RegExp(`^\\d+ of ${allLookups.length} lookups · Enter opens `));
  return page.evaluate(() => window.answeredAt ?? Infinity);
}

test('100,000 saved queries: the catalog answers typing within 2 s, and no page renders them all', async ({ page, browser }) => {
  // Seeding 100,000 records, the store's one-time upgrade and four page loads on a shared two-core machine.
  test.setTimeout(240_000);
  await watchLongTasks(page);
  // The app's code in the HTTP cache first (a page that does not open the saved-query store), as for anyone who used it before.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What the catalog takes with no saved query, on this machine at this moment: the 2 s are what
  // 100,000 saved queries may add to it (CI runs two specs at once on two cores, so the page's own
  // load time varies with what the other one does). Measured in a context of its own, so this
  // page's store is still unopened when it is seeded in the old format.
  const empty = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const emptyPage = await empty.newPage();
  await watchLongTasks(emptyPage);
  await emptyPage.goto('/no-such-page');
  const baseline = await timeToInteractive(emptyPage);
  await empty.close();
  await page.goto('/healthz');
  await seedOldSavedQueries(page, 100_000);

  // The first visit upgrades the store (an index over 100,000 queries, built off the page's
  // thread): the catalog answers meanwhile, and its saved section arrives when that is done.
  expect(await timeToInteractive(page)).toBeLessThan(baseline + 2000);
  const onCatalog = page.getByRole('region', { name: 'Saved queries' });
  await expect(onCatalog.getByRole('link', { name: 'All 100,000 saved' })).toBeVisible({ timeout: 120_000 });
  expect(await longestTask(page)).toBeLessThan(500);

  // Every later visit: typing within 2 s of the baseline, and the saved section (the five most recent, by collection) with it.
  expect(await timeToInteractive(page)).toBeLessThan(baseline + 2000);
  await expect(onCatalog.getByRole('link', { name: 'All 100,000 saved' })).toBeVisible({ timeout: 2000 });
  await expect(onCatalog.getByRole('link', { name: /^Movie query / })).toHaveCount(5);
  await expect(onCatalog.getByRole('link', { name: 'Movie query 100000' })).toBeVisible();
  expect(await longestTask(page)).toBeLessThan(500);
  expect(await elementCount(page)).toBeLessThan(2000);

  await onCatalog.getByRole('link', { name: 'All 100,000 saved' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  const list = page.getByRole('region', { name: '100000 saved, by collection' });
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);
  // Scrolling far down renders the rows there, still only a window of them.
  const firstShown = async () => Number(await list.locator('[aria-posinset]').first().getAttribute('aria-posinset'));
  expect(await firstShown()).toBe(1);
  await list.evaluate((box) => box.scrollTo({ top: box.scrollHeight / 2 }));
  await expect.poll(firstShown).toBeGreaterThan(40_000);
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);
  expect(await elementCount(page)).toBeLessThan(3000);

  await page.goto('/lookups/a');
  const onLookup = page.getByRole('region', { name: 'Saved queries' });
  await expect(onLookup.getByRole('link', { name: 'All 100,000 saved' })).toBeVisible();
  await expect(onLookup.getByRole('link', { name: /^Movie query / })).toHaveCount(5);
  expect(await longestTask(page)).toBeLessThan(500);

  // The palette searches all 100,000 in a worker of its own and lists only the best few.
  const searcher = page.waitForEvent('worker', (worker) => worker.url().includes('saved-search'));
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('group', { name: 'Saved queries' }).getByRole('option')).toHaveCount(8, { timeout: 30_000 });
  await searcher;
  await palette.getByRole('combobox').fill('query 099999');
  await expect(palette.getByRole('option', { name: /Movie query 099999/ })).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Saved queries' }).getByRole('option')).toHaveCount(1);
  expect(await longestTask(page)).toBeLessThan(500);
});

test('an import over the cap is refused where the file was chosen, and nothing is written', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/saved');
  await expect(page.getByText('No saved queries yet.', { exact: false })).toBeVisible();
  const input = page.getByLabel('Import a collections file or a Postman collection');

  await input.setInputFiles({ name: 'six-thousand.json', mimeType: 'application/json', buffer: Buffer.from(collectionsFile(6000)) });
  const refusal = page.locator('.saved-import').getByRole('alert');
  await expect(refusal).toHaveText(
    '“six-thousand.json” was not imported. This file holds 6,000 saved queries; one import takes at most 5,000. Split it into smaller files and import each.',
  );
  expect(await savedCount(page)).toBe(0);
  await expect(page.getByText('No saved queries yet.', { exact: false })).toBeVisible();

  // At the cap it is taken whole.
  await input.setInputFiles({ name: 'five-thousand.json', mimeType: 'application/json', buffer: Buffer.from(collectionsFile(5000)) });
  await expect(page.getByText('Imported 5000 queries from the collections file “five-thousand.json”.')).toBeVisible({ timeout: 20_000 });
  expect(await savedCount(page)).toBe(5000);
  await expect(page.getByRole('region', { name: '5000 saved, by collection' }).getByRole('listitem').first()).toBeVisible();
  // The virtualised list keeps list semantics: headings and queries are items of one list.
  const { violations } = await new AxeBuilder({ page }).include('.saved-queries').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
});

test('a file 20,000 folders deep and a 50 MB invalid file are refused with a message, off the page’s thread', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await watchLongTasks(page);
  await page.goto('/saved');
  const input = page.getByLabel('Import a collections file or a Postman collection');
  const refusal = page.locator('.saved-import').getByRole('alert');

  await input.setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from(deepPostmanFile(20_000)) });
  await expect(refusal).toHaveText(
    /^“deep\.json” was not imported\. This file nests folders more than 64 deep \(at item\[0\]\.item.*\), which no collection needs; it was not read\.$/,
  );

  const invalid = invalidJsonFile(50 * 1024 * 1024);
  const path = testInfo.outputPath('invalid-50mb.json');
  await writeFile(path, invalid.text);
  // Tasks from before (the page's start, the first refusal) may be reported after this: only those that begin from here count.
  const since = await page.evaluate(() => performance.now());
  await input.setInputFiles(path);
  await expect(refusal).toHaveText(
    `“invalid-50mb.json” was not imported. This file is not valid JSON: line ${invalid.line}, column 14: expected “,” or “}” but found “"”.`,
    { timeout: 30_000 },
  );
  expect(await longestTask(page, since)).toBeLessThan(200);
  expect(await savedCount(page)).toBe(0);
});
