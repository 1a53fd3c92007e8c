// What a person sees of the view state: a shared link reproduces the view (tab, sort, columns),
// not only the data; an answer the form no longer matches says so; long forms keep their send bar
// in view; the focus ring has its own colour; and no page logs React Router's HydrateFallback warning.
import { expect, test, type Page } from './fixtures.ts';
import { lookups } from '../src/lookups/registry.ts';

const carsQuery = new URLSearchParams(lookups.F.operations[0].example).toString();
const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const field = (page: Page, name: string) => page.getByRole('region', { name: 'Parameters' }).getByLabel(name, { exact: true });
const headers = (page: Page) => results(page).getByRole('columnheader');

async function columnNames(page: Page) {
  return (await headers(page).allTextContents()).map((text) => text.replace(/[▲▼\s]/g, ''));
}

test('a link reproduces the view: tab, sort and columns', async ({ page }) => {
  await page.goto(`/lookups/f?${carsQuery}&view=table&sort=-year&cols=make,model,year`);
  const table = results(page).getByRole('tab', { name: 'Table' });
  await expect(table).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await expect.poll(() => columnNames(page)).toEqual(['#', 'make', 'model', 'year']);
  await expect(results(page).getByRole('columnheader', { name: /year/ })).toHaveAttribute('aria-sort', 'descending');
  // Record rows only: the table's head holds the header row and the filter row.
  const years = (await results(page).locator('tbody tr').locator('td:nth-child(4)').allTextContents()).map(Number);
  expect(years.length).toBeGreaterThan(1);
  expect(years).toEqual([...years].sort((a, b) => b - a));
});

test('changing the view writes it to the URL in place; a reload restores it and back goes to the previous page', async ({ page }) => {
  // A send, eight view changes, a reload and two steps back: past 30 s on a machine busy with the
  // unit suite beside it (seen in CI), so it gets Playwright's slow budget.
  test.slow();
  await page.goto('/lookups/f');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(results(page).getByRole('tablist', { name: 'Result views' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\?make=toyota/);
  const sentUrl = page.url();

  await results(page).getByRole('tab', { name: 'Tree' }).click();
  await expect(page).toHaveURL(/[?&]view=tree(&|$)/);
  await results(page).getByRole('tab', { name: 'Table' }).click();
  await expect(page).toHaveURL(/[?&]view=table(&|$)/);
  await results(page).getByRole('columnheader', { name: /model/ }).getByRole('button').click();
  await results(page).getByRole('columnheader', { name: /model/ }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=-model(&|$)/);
  await results(page)
    .getByText(/^Columns \(/)
    .click();
  // The checkbox shows the URL's columns, so it changes only once the URL has: click, then wait for
  // that state (uncheck() checks at once after its click and fails on a busy machine).
  const classColumn = results(page).getByRole('checkbox', { name: 'class', exact: true });
  await expect(classColumn).toBeChecked();
  await classColumn.click();
  await expect(page).toHaveURL(/[?&]cols=[^&]+/);
  await expect(classColumn).not.toBeChecked();
  const viewUrl = page.url();
  expect(new URL(viewUrl).searchParams.get('cols')!.split(',')).not.toContain('class');

  await page.reload();
  await expect(results(page).getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  await expect(results(page).getByRole('columnheader', { name: /model/ })).toHaveAttribute('aria-sort', 'descending');
  expect(await columnNames(page)).not.toContain('class');
  expect(await columnNames(page)).toContain('make');

  // View changes replaced the entry: one step back leaves the sent query for the blank form.
  await page.goBack();
  await expect(page).toHaveURL(/\/lookups\/f$/);
  await page.goForward();
  await expect(page).toHaveURL(viewUrl);
  expect(sentUrl).not.toBe(viewUrl);
});

test('an answer the form no longer matches is marked out of date until the next answer; its export still works', async ({ page }) => {
  await page.goto(`/lookups/f?${carsQuery}&view=table`);
  await expect(results(page).getByRole('table')).toBeVisible({ timeout: 20_000 });
  const marker = results(page).getByRole('status', { name: 'Out of date' });
  await expect(marker).toHaveCount(0);

  await field(page, 'make').fill('honda');
  await expect(marker).toBeVisible();
  await expect(marker).toContainText('this answer is for make=toyota · fuel_type=gas · limit=10');

  const [download] = await Promise.all([page.waitForEvent('download'), results(page).getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await expect(marker).toBeVisible();

  // A refused send keeps the old answer marked, and says why.
  await field(page, 'limit').fill('0');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(marker).toContainText('The last send was refused');

  await field(page, 'limit').fill('5');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/make=honda/);
  await expect(marker).toHaveCount(0, { timeout: 20_000 });
  await expect(results(page).locator('tbody tr').first()).toContainText('honda', { ignoreCase: true });
});

for (const slug of ['o', 't']) {
  test(`${slug.toUpperCase()}: the send bar stays in view on the long form, below the fields it follows`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto(`/lookups/${slug}`);
    const send = page.getByRole('button', { name: 'Send request' });
    const form = page.getByRole('region', { name: 'Parameters' });
    // The form is taller than the window, yet Send is on screen.
    expect((await form.boundingBox())!.height).toBeGreaterThan(700);
    await expect(send).toBeInViewport();
    // Keyboard order is the document's: Send comes after every field.
    const order = await form.evaluate((section) => {
      const focusables = [...section.querySelectorAll<HTMLElement>('input, select, textarea, button')];
      const fields = focusables.flatMap((element, index) => (element.matches('input, select, textarea') ? [index] : []));
      return { send: focusables.findIndex((element) => element.textContent === 'Send request'), lastField: Math.max(...fields) };
    });
    expect(order.send).toBeGreaterThan(order.lastField);
    await form.locator('input, select').first().focus();
    await expect(send).toBeInViewport();
    // Scrolled to the end, the bar sits in its place at the form's end.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = (await send.boundingBox())!;
    const formBox = (await form.boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(formBox.y + formBox.height + 1);
  });
}

const channels = (rgb: string) =>
  rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((part) => Number(part) / 255);

function hue(rgb: string): number {
  const [r, g, b] = channels(rgb) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector = max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return sector * 60;
}

const hueDistance = (a: string, b: string) => {
  const distance = Math.abs(hue(a) - hue(b));
  return Math.min(distance, 360 - distance);
};

function luminance(rgb: string): number {
  const [r, g, b] = channels(rgb).map((channel) => {
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
};

for (const theme of ['light', 'dark'] as const) {
  test(`the focus ring has its own colour, not the error colour, visible in the ${theme} theme`, async ({ page }) => {
    await page.goto('/lookups/f');
    await page.getByLabel('Theme').selectOption(theme);
    // An error outline to compare with.
    await field(page, 'limit').fill('0');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(field(page, 'limit')).toHaveAttribute('aria-invalid', 'true');
    await field(page, 'make').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement!;
      const style = getComputedStyle(element);
      const error = getComputedStyle(document.querySelector('[aria-invalid="true"]')!);
      return {
        color: style.outlineColor,
        width: style.outlineWidth,
        offset: style.outlineOffset,
        styleName: style.outlineStyle,
        error: error.borderColor,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(ring.styleName).toBe('solid');
    expect(ring.width).toBe('2px');
    expect(ring.offset).toBe('2px');
    // Not a shade of the error colour: a clearly different hue.
    expect(hueDistance(ring.color, ring.error)).toBeGreaterThan(60);
    expect(contrast(ring.color, ring.background)).toBeGreaterThanOrEqual(3);
  });
}

test('opening a lookup page directly logs no HydrateFallback warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(`/lookups/f?${carsQuery}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.goto('/');
  await page.goto('/lookups/a');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
});
