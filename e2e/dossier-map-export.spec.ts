// The dossier's map export and the evidence pack's map picture (issue 34): one sheet, fitted to
// every point of every section, so H's registrant 2.9 km from the property is in the picture (the
// walk saw it cropped), with the legend beside the map.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';
import { sheetLayout } from '../src/map/export/sheet-layout.ts';

const RECORD_ID = '184713191'; // D's example (src/lookups/property-sections.ts)
const LOOKUPS = ['D', 'G', 'H', 'L', 'M', 'B'];
// The drawn map's size (scene.ts drawSceneSheet's default).
const MAP = { width: 800, height: 600 };

async function download(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await file.path());
}

/** Decodes a PNG in the page and counts, inside `box`, the pixels within a small distance of `hex`. */
function countInPng(page: Page, base64: string, box: { x: number; y: number; width: number; height: number }, hex: string) {
  return page.evaluate(
    async ({ base64, box, hex }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const rgb = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
      const pixels = context.getImageData(box.x, box.y, box.width, box.height).data;
      let count = 0;
      for (let at = 0; at < pixels.length; at += 4) {
        if (Math.abs(pixels[at]! - rgb[0]!) + Math.abs(pixels[at + 1]! - rgb[1]!) + Math.abs(pixels[at + 2]! - rgb[2]!) <= 30) count += 1;
      }
      return { width: canvas.width, height: canvas.height, count };
    },
    { base64, box, hex },
  );
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
  // H's colour as the map's legend shows it (#rrggbb).
  const hColor = await h.locator('.layered-map__swatch').evaluate((swatch) => {
    const [r, g, b] = [...getComputedStyle(swatch).backgroundColor.matchAll(/\d+/g)].map((match) => Number(match[0]));
    return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
  });

  const png = await download(page, page.getByRole('button', { name: 'Export PNG' }));
  // The legend column's rows: its heading, the circle, one per section (sheet.ts).
  const layout = sheetLayout(MAP, 1 + 1 + LOOKUPS.length, 3);
  const exported = await countInPng(page, png.toString('base64'), layout.map, hColor);
  expect(exported.width).toBe(Math.ceil(layout.width));
  expect(exported.count).toBeGreaterThan(20);

  const html = (await download(page, page.getByRole('button', { name: 'Download evidence pack (HTML)' }))).toString('utf8');
  const picture = /<img [^>]*src="data:image\/png;base64,([^"]+)"/.exec(html)![1]!;
  const packed = await countInPng(page, picture, layout.map, hColor);
  expect(packed.width).toBe(Math.ceil(layout.width));
  expect(packed.count).toBeGreaterThan(20);
});
