// The dossier's map export and the evidence pack's map picture (issue 34): one sheet, fitted to
// every point of every section, so H's registrant 2.9 km from the property is in the picture (the
// walk saw it cropped), with the legend beside the map.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';
import { sheetLayout } from '../src/map/export/sheet-layout.ts';
import { countColor, decodeInPage, rgbOf } from './png-pixels.ts';

const RECORD_ID = '184713191'; // D's example (src/lookups/property-sections.ts)
const LOOKUPS = ['D', 'G', 'H', 'L', 'M', 'B'];
// The drawn map's size (scene.ts drawSceneSheet's default).
const MAP = { width: 800, height: 600 };

async function download(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await file.path());
}

test('the dossier map’s Export PNG and the pack’s picture hold every section’s points, H 2.9 km away included', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto(`/dossier?from=d&recordid=${RECORD_ID}`);
  for (const id of LOOKUPS) {
    const section = page.getByRole('region', { name: new RegExp(`^${id}\\. `) });
    await expect(section.getByRole('definition').first()).toHaveText(/^[\d,]+ records?/, { timeout: 30_000 });
  }
  const layers = page.getByRole('group', { name: 'Layers' });
  const h = layers.locator('label').filter({ hasText: /^H\. / });
  await expect(h).toContainText(/\([1-9][\d,]* on the map\)/);
  // H's colour as the map's legend shows it.
  const hColor = rgbOf(await h.locator('.layered-map__swatch').evaluate((swatch) => getComputedStyle(swatch).backgroundColor));

  const png = await download(page, page.getByRole('button', { name: 'Export PNG' }));
  // The legend column's rows: its heading, the circle, one per section (sheet.ts).
  const layout = sheetLayout(MAP, 1 + 1 + LOOKUPS.length, 3);
  expect((await decodeInPage(page, png.toString('base64'))).width).toBe(Math.ceil(layout.width));
  expect(await countColor(page, layout.map, hColor, 30)).toBeGreaterThan(20);

  const html = (await download(page, page.getByRole('button', { name: 'Download evidence pack (HTML)' }))).toString('utf8');
  const picture = /<img [^>]*src="data:image\/png;base64,([^"]+)"/.exec(html)![1]!;
  expect((await decodeInPage(page, picture)).width).toBe(Math.ceil(layout.width));
  expect(await countColor(page, layout.map, hColor, 30)).toBeGreaterThan(20);
});
