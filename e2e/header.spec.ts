// The header's workbench links (issue 22, item 12): "History" and "Saved" used to run together as
// "HistorySaved". They are separate targets with room between them, the page being shown is marked
// with aria-current="page", and a keyboard user sees where focus is.
import { expect, test, type Locator, type Page } from './fixtures.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Workbench' });

/** The distance between two boxes: 0 or less when they touch or overlap. */
async function gapBetween(a: Locator, b: Locator): Promise<number> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) throw new Error('both links are laid out');
  const horizontal = Math.max(second.x - (first.x + first.width), first.x - (second.x + second.width));
  const vertical = Math.max(second.y - (first.y + first.height), first.y - (second.y + second.height));
  return Math.max(horizontal, vertical);
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 360, height: 740 },
]) {
  test(`History and Saved are apart (at least 8 px) at ${viewport.width} px wide`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const history = nav(page).getByRole('link', { name: 'History' });
    const saved = nav(page).getByRole('link', { name: 'Saved' });
    await expect(history).toBeVisible();
    await expect(saved).toBeVisible();
    expect(await gapBetween(history, saved)).toBeGreaterThanOrEqual(8);
  });
}

test('the link of the page being shown carries aria-current="page", and only that one', async ({ page }) => {
  await page.goto('/');
  const history = nav(page).getByRole('link', { name: 'History' });
  const saved = nav(page).getByRole('link', { name: 'Saved' });
  await expect(history).not.toHaveAttribute('aria-current');
  await expect(saved).not.toHaveAttribute('aria-current');

  await history.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('History');
  await expect(history).toHaveAttribute('aria-current', 'page');
  await expect(saved).not.toHaveAttribute('aria-current');

  await saved.click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(saved).toHaveAttribute('aria-current', 'page');
  await expect(history).not.toHaveAttribute('aria-current');
});

test('a header link reached with the keyboard shows a focus outline', async ({ page }) => {
  await page.goto('/');
  const history = nav(page).getByRole('link', { name: 'History' });
  for (let step = 0; step < 6 && !(await history.evaluate((link) => link === document.activeElement)); step += 1)
    await page.keyboard.press('Tab');
  await expect(history).toBeFocused();
  const outline = await history.evaluate((link) => {
    const style = getComputedStyle(link);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
