// History, as an analyst uses it: a sent query is recorded, found on the History page and in the
// lookup's side panel, and replays; its stored answer reopens without any request to the proxy,
// survives a reload, and "Fetch fresh" sends the query again.
import { expect, test, type Page } from './fixtures.ts';

const query = '?movie_id=550';

/** Sends A's query by opening its link, waits for the answer on screen and returns the movie's title. */
async function sendQuery(page: Page): Promise<string> {
  const answered = page.waitForResponse((response) => response.url().includes('/proxy/a/') && response.ok());
  await page.goto(`/lookups/a${query}`);
  const { title } = (await (await answered).json()) as { title: string };
  await expect(page.getByRole('tablist', { name: 'Result views' })).toBeVisible();
  return title;
}

/** Every request to the proxy the page makes from now on. */
function proxyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/proxy/')) seen.push(request.url());
  });
  return seen;
}

const historyRow = (page: Page) => page.getByRole('table').getByRole('row').filter({ hasText: 'movie_id=550' });

test('a sent query appears in History and in the side panel, and replays', async ({ page }) => {
  await sendQuery(page);
  // The side panel of the lookup page lists it.
  await page.getByText(/^Recent requests/).click();
  await expect(
    page
      .getByRole('list', { name: /^Recent requests of/ })
      .getByRole('listitem')
      .first(),
  ).toContainText('movie_id=550');

  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
  const row = historyRow(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Movie details');
  await expect(row).toContainText('200');
  await expect(row).toContainText('demo');
  await expect(row).toContainText('stored');

  // Searching by a parameter value finds it; by another value, not.
  const search = page.getByRole('searchbox', { name: 'Search history' });
  await search.fill('550');
  await expect(historyRow(page)).toHaveCount(1);
  await search.fill('551');
  await expect(page.getByText('No request in the history matches.')).toBeVisible();
  await search.fill('');

  // Replay from a fresh page (nothing cached): the query is sent again as usual, and recorded.
  await page.reload();
  const sent = proxyRequests(page);
  await historyRow(page).getByRole('link', { name: 'Replay' }).click();
  await expect(page).toHaveURL(new RegExp(`/lookups/a\\${query}$`));
  await expect(page.getByRole('tablist', { name: 'Result views' })).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain('/proxy/a/movie/550');
  await page.getByRole('link', { name: 'History' }).click();
  await expect(historyRow(page)).toHaveCount(2);
});

test('a stored answer reopens without a request, survives a reload, and “Fetch fresh” sends it', async ({ page }) => {
  const title = await sendQuery(page);
  expect(title).not.toBe('');
  // Through the app, as a user goes: a full page load this soon after the answer could come before
  // the answer is written to History (its recorder loads on the first answer, then writes).
  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'History' }).click();
  await expect(historyRow(page)).toHaveCount(1);
  const sent = proxyRequests(page);

  await historyRow(page).getByRole('link', { name: 'Open stored answer' }).click();
  await expect(page).toHaveURL(/\/lookups\/a\?movie_id=550&stored=/);
  const notice = page.getByRole('note', { name: 'Stored answer' });
  await expect(notice).toContainText(/Stored answer from .+ — not fetched now\./);
  const results = page.getByRole('region', { name: 'Results', exact: true });
  await expect(results.getByRole('tablist', { name: 'Result views' })).toBeVisible();
  await expect(results).toContainText(title);
  // The form holds the stored query.
  await expect(page.getByLabel('movie_id')).toHaveValue('550');

  await page.reload();
  await expect(notice).toBeVisible();
  await expect(results.getByRole('tablist', { name: 'Result views' })).toBeVisible();
  expect(sent).toEqual([]);

  await notice.getByRole('button', { name: 'Fetch fresh' }).click();
  await expect(page).toHaveURL(new RegExp(`/lookups/a\\${query}$`));
  await expect(notice).toBeHidden();
  await expect.poll(() => sent.length).toBe(1);
});

test.describe('an unknown movie in History', () => {
  test.use({
    expectedErrors: [
      {
        message: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
        url: /\/proxy\/a\/movie\/999999999$/,
      },
    ],
  });

  test('History’s search finds a failed request by its outcome: “404” or “failure”', async ({ page }) => {
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'movie_id=' });
    const openHistory = () => page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'History' }).click();
    // Each answer recorded before the next page load (moving within the app, as a person does).
    await sendQuery(page);
    await openHistory();
    await expect(rows).toHaveCount(1);
    await page.goto('/lookups/a?movie_id=999999999');
    await expect(page.getByRole('alert', { name: /Nothing found/ })).toBeVisible({ timeout: 20_000 });
    await openHistory();
    await expect(rows).toHaveCount(2);

    const search = page.getByRole('searchbox', { name: 'Search history' });
    for (const words of ['404', 'failure', 'failed 999999999']) {
      await search.fill(words);
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('movie_id=999999999');
    }
    await search.fill('ok 550');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('movie_id=550');
  });
});

test('an answer the page had not yet written to History when it reloaded is written by the next page, once', async ({ page }) => {
  // The recorder's code is held back, so the write is certainly still to come when the page goes.
  let releaseRecorder: () => void = () => undefined;
  const recorderHeld = new Promise<void>((resolve) => (releaseRecorder = resolve));
  let recorderAsked = false;
  await page.route(/\/assets\/history-recorder-[\w-]+\.js$/, async (route) => {
    recorderAsked = true;
    await recorderHeld;
    // The first page's request went with the page.
    await route.continue().catch(() => undefined);
  });
  await sendQuery(page);
  await expect.poll(() => recorderAsked).toBe(true);
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Result views' })).toBeVisible();
  releaseRecorder();
  // The reload sent the query again: its own answer and the one the first page left, each once.
  await page.getByRole('navigation', { name: 'Workbench' }).getByRole('link', { name: 'History' }).click();
  await expect(historyRow(page)).toHaveCount(2);
  await page.reload();
  await expect(historyRow(page)).toHaveCount(2);
});
