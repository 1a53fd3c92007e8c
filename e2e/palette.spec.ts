// The command palette, by keyboard: Ctrl+K finds a lookup by a keyword and opens it, moves through
// its options, runs actions (the theme, the export of the answer on screen) and gives focus back.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { blockExternalRequests, expect, test, type Page } from './fixtures.ts';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');
/** The option the combobox points at. */
const activeOption = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]');

test('Ctrl+K, "crime", Enter opens L', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lookup catalog' })).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('crime');
  await expect(activeOption(page)).toContainText('L. Crime incidents');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lookups\/l$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Crime incidents');
  await expect(palette(page)).toHaveCount(0);
});

test('the open palette, in both themes, has no serious or critical accessibility violations', async ({ page }) => {
  // Two page loads and two axe runs: more than the default budget when both cores are busy.
  test.slow();
  for (const theme of ['light', 'dark']) {
    await page.goto('/');
    await page.evaluate((choice) => window.localStorage.setItem('lx-theme', choice), theme);
    await page.reload();
    await page.getByRole('button', { name: 'Search… Ctrl K' }).click();
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('police');
    await expect(activeOption(page)).toContainText('L. Crime incidents');
    const { violations } = await new AxeBuilder({ page }).include('.palette').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${theme}: ${violation.id}: ${violation.help}`)).toEqual([]);
  }
});

test('keyboard only: move through the options, switch the theme, close with Escape and focus returns', async ({ page }) => {
  await page.goto('/');
  const filter = page.getByLabel('Filter lookups');
  await filter.focus();
  await page.keyboard.press('Control+K');
  const input = paletteInput(page);
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(activeOption(page)).toContainText('A. Movie details');
  await page.keyboard.press('ArrowDown');
  await expect(activeOption(page)).toContainText('B. EV charging stations');
  await expect(input).toHaveAttribute('aria-activedescendant', (await activeOption(page).getAttribute('id'))!);
  await page.keyboard.press('ArrowUp');
  await expect(activeOption(page)).toContainText('A. Movie details');

  await page.keyboard.type('police');
  await expect(activeOption(page)).toContainText('L. Crime incidents');
  await page.keyboard.press('ArrowDown');
  await expect(activeOption(page)).toContainText('M. 911 calls for service');
  // Tab stays in the dialog.
  await page.keyboard.press('Tab');
  await expect(palette(page).getByRole('button', { name: /Close/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(filter).toBeFocused();

  await page.keyboard.press('Control+K');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('dark theme');
  await expect(activeOption(page)).toHaveText('Switch to the dark theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(filter).toBeFocused();

  // The header button opens it too, and a click outside closes it.
  await page.getByRole('button', { name: 'Search… Ctrl K' }).click();
  await expect(paletteInput(page)).toBeFocused();
  await page.mouse.click(5, 400);
  await expect(palette(page)).toHaveCount(0);
});

test('on a lookup page with an answer, the palette exports it as CSV', async ({ page }) => {
  await blockExternalRequests(page);
  await page.goto('/lookups/l');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });

  await page.keyboard.press('Control+K');
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.type('export csv');
  await expect(activeOption(page)).toHaveText('Export the answer as CSV');
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toMatch(/^lookup-l-.+\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  const [header, ...rows] = text.trim().split('\r\n');
  expect(header).toContain('incident_latitude');
  expect(rows.length).toBeGreaterThan(1);
});
