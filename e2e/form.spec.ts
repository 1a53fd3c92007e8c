// The generated form and the URL as its state, against lookup A on the production server's demo
// data: validation that sends nothing, links that reproduce a result, history, the shortcut.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';

/** Every request the page sends to the proxy, as path and query. */
function watchProxy(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/proxy/')) sent.push(url.pathname + url.search);
  });
  return sent;
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const movieTitle = (page: Page) => results(page).getByRole('heading', { level: 3 }).first();

test('an invalid field shows its message, takes the focus and sends nothing', async ({ page }) => {
  const sent = watchProxy(page);
  await page.goto('/lookups/a');
  await page.getByRole('textbox', { name: 'movie_id' }).fill('abc');
  await page.getByRole('combobox', { name: 'append_to_response' }).fill('videos,Bad Name');
  await page.getByRole('button', { name: 'Send request' }).click();

  const movieId = page.getByRole('textbox', { name: 'movie_id' });
  await expect(movieId).toBeFocused();
  await expect(movieId).toHaveAttribute('aria-invalid', 'true');
  await expect(movieId).toHaveAccessibleDescription(/^movie_id must be a whole number/);
  await expect(page.getByRole('link', { name: /^append_to_response must be lowercase names/ })).toBeVisible();
  await expect(page).toHaveURL(/\/lookups\/a$/);
  expect(sent).toEqual([]);

  // Fixing the field retires its message.
  await movieId.fill('550');
  await expect(movieId).not.toHaveAttribute('aria-invalid');
});

test('a copied link reproduces the query and its result in a fresh page', async ({ page, browser }) => {
  await page.goto('/lookups/a');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await expect(page.getByText('GET /proxy/a/movie/550?language=en-US')).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\?movie_id=550&language=en-US$/);
  const title = await movieTitle(page).textContent();
  expect(title?.trim()).toBeTruthy();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const sent = watchProxy(other);
  await other.goto(page.url());
  await expect(other.getByRole('textbox', { name: 'movie_id' })).toHaveValue('550');
  await expect(other.getByRole('textbox', { name: 'language' })).toHaveValue('en-US');
  await expect(movieTitle(other)).toHaveText(title!);
  expect(sent).toEqual(['/proxy/a/movie/550?language=en-US']);
  await fresh.close();
});

test('back and forward move between sent queries, and a reload keeps the query', async ({ page }) => {
  const sent = watchProxy(page);
  await page.goto('/lookups/a');
  const movieId = page.getByRole('textbox', { name: 'movie_id' });
  await movieId.fill('550');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\?movie_id=550$/);
  const first = (await movieTitle(page).textContent())!;

  await movieId.fill('603');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\?movie_id=603$/);
  await expect(movieTitle(page)).not.toHaveText(first);

  await page.goBack();
  await expect(page).toHaveURL(/\?movie_id=550$/);
  await expect(movieId).toHaveValue('550');
  await expect(movieTitle(page)).toHaveText(first);

  await page.goForward();
  await expect(movieId).toHaveValue('603');

  await page.reload();
  await expect(movieId).toHaveValue('603');
  await expect(movieTitle(page)).not.toHaveText(first);
  expect(sent).toContain('/proxy/a/movie/603');
});

test('Ctrl+Enter sends the form from any field', async ({ page }) => {
  const sent = watchProxy(page);
  await page.goto('/lookups/a');
  await page.getByRole('textbox', { name: 'movie_id' }).fill('129');
  await page.getByRole('textbox', { name: 'language' }).fill('de-DE');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\?movie_id=129&language=de-DE$/);
  await expect(movieTitle(page)).toBeVisible();
  expect(sent).toEqual(['/proxy/a/movie/129?language=de-DE']);
});

test('switching operation keeps the shared values and records the choice in the URL', async ({ page }) => {
  await page.goto('/lookups/b');
  const operations = page.getByRole('radiogroup', { name: 'Operation' });
  await page.getByRole('textbox', { name: 'prox' }).fill('52.52,13.4,5000');
  await operations.getByRole('radio', { name: 'XML' }).check();
  await expect(page).toHaveURL(/\/lookups\/b\?op=xml$/);
  await expect(page.getByRole('textbox', { name: 'prox' })).toHaveValue('52.52,13.4,5000');
  await expect(page.getByText('GET /proxy/b/ev/stations.xml?prox=52.52%2C13.4%2C5000')).toBeVisible();
  await page.goBack();
  await expect(operations.getByRole('radio', { name: 'JSON' })).toBeChecked();
});

test('the form with its messages has no detectable accessibility violations', async ({ page }) => {
  await page.goto('/lookups/a');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('textbox', { name: 'movie_id' })).toBeFocused();
  const { violations } = await new AxeBuilder({ page }).include('.lookup-form').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
