// Paging without dead ends, as a person sees it: a lookup that pages reaches every page through
// the bar (and the URL records the page like any sent form); a lookup that cannot page says so and
// offers what works, here M's one-click split of a time window that holds more than 10,000 calls.
import { expect, test } from './fixtures.ts';
import { lookups } from '../src/lookups/registry.ts';

test('M: a window over 10,000 calls splits into windows and the table shows every call', async ({ page }) => {
  // Two weeks within 10 miles of San Francisco: about 11,500 demo calls, two answers' worth.
  test.slow();
  const query = { ...lookups.M.operations[0].example, distance: '10mi', datetime_end: '2024-05-15T00:00:00.000Z' };
  await page.goto(`/lookups/m?${new URLSearchParams(query)}`);
  const results = page.getByRole('region', { name: 'Results', exact: true });
  const bar = results.getByRole('navigation', { name: 'Pages' });
  await expect(bar).toContainText(/^10,000 of [\d,]+ calls shown/, { timeout: 30_000 });
  const reported = /of ([\d,]+) calls/.exec((await bar.textContent()) ?? '')![1]!;
  expect(Number(reported.replace(/,/g, ''))).toBeGreaterThan(10_000);
  // No page controls promise what cannot be fetched; the note says why and what works.
  await expect(bar.getByRole('button')).toHaveCount(0);
  const note = results.getByRole('note', { name: 'Not every record can be fetched' });
  await expect(note).toContainText('cannot be fetched with this time window');
  await expect(note).toContainText('Use a shorter time window');

  await note.getByRole('button', { name: /^Split into \d+ windows$/ }).click();
  await expect(results.getByText(`every one of the ${reported} the query matched`)).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveText(`${reported} calls`);
  await expect(note).toHaveCount(0);

  await results.getByRole('tab', { name: 'Table' }).click();
  await expect(results.getByRole('tabpanel').getByText(`${reported} records`, { exact: true })).toBeVisible();
});

test('L: the paging bar goes to page 2 and back, and the URL follows', async ({ page }) => {
  const query = { ...lookups.L.operations[0].example, distance: '2mi', page: '1' };
  await page.goto(`/lookups/l?${new URLSearchParams(query)}`);
  const bar = page.getByRole('navigation', { name: 'Pages' });
  await expect(bar).toContainText(/^Page 1 of \d+/, { timeout: 30_000 });
  const last = Number(/of (\d+)/.exec((await bar.textContent()) ?? '')![1]);
  expect(last).toBeGreaterThan(2);

  await bar.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(bar).toContainText('Page 2 of');
  await expect(bar.getByRole('spinbutton', { name: 'Page number' })).toHaveValue('2');

  await bar.getByRole('button', { name: '← Previous' }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(bar).toContainText('Page 1 of');

  await bar.getByRole('button', { name: 'Last »' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
  await expect(bar.getByRole('button', { name: 'Next →' })).toBeDisabled();

  // Back in history is the previous page, as for any sent form.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(bar).toContainText('Page 1 of');
});

test('L: a page number out of range is refused at the box, and a page past the end says so and leads back', async ({ page }) => {
  const query = { ...lookups.L.operations[0].example, distance: '2mi', page: '1' };
  await page.goto(`/lookups/l?${new URLSearchParams(query)}`);
  const bar = page.getByRole('navigation', { name: 'Pages' });
  await expect(bar).toContainText(/^Page 1 of \d+/, { timeout: 30_000 });
  const last = Number(/of (\d+)/.exec((await bar.textContent()) ?? '')![1]);

  const box = bar.getByRole('spinbutton', { name: 'Page number' });
  await box.fill(String(last + 1000));
  await box.press('Enter');
  await expect(box).toHaveAccessibleDescription(`Enter a whole page number from 1 to ${last.toLocaleString('en-US')}.`);
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);

  // An old link to a page that no longer exists.
  await page.goto(`/lookups/l?${new URLSearchParams({ ...query, page: String(last + 5) })}`);
  await expect(bar.getByRole('note')).toHaveText(
    `Page ${(last + 5).toLocaleString('en-US')} is past the last page (${last.toLocaleString('en-US')}): there are no records here.`,
    { timeout: 30_000 },
  );
  await bar.getByRole('button', { name: 'Last »' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
  await expect(bar.getByRole('note')).toHaveCount(0);
});

test('T on a 375 px phone: the paging bar wraps instead of scrolling the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/lookups/t?${new URLSearchParams(lookups.T.operations[0].example as Record<string, string>)}`);
  const bar = page.getByRole('navigation', { name: 'Pages' });
  await expect(bar.getByRole('button', { name: 'Last »' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await bar.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});
