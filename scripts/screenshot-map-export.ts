// `npm run screenshots`' picture of the map export (issue 34): L's example on its map with a drawn
// area and M's answer added from History, exported with the map's own Export PNG button: the file
// the person gets is the picture (docs/images/map-export.png), not a screenshot of the page.
import { statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { lookups } from '../src/lookups/registry.ts';

// A rectangle around the example's centre, inside its 1-mile circle.
const AREA = '37.765,-122.43;37.775,-122.43;37.775,-122.415;37.765,-122.415';
const MAX_BYTES = 400_000;

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true });

async function sendExample(page: Page, base: string, slug: string): Promise<void> {
  await page.goto(`${base}/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await results(page).getByRole('tab', { name: 'Table' }).waitFor({ timeout: 30_000 });
}

export async function exportMapPicture(
  browser: Browser,
  base: string,
  path: string,
  viewport: { width: number; height: number },
): Promise<void> {
  const context = await browser.newContext({ viewport, colorScheme: 'light', acceptDownloads: true });
  try {
    const page = await context.newPage();
    await sendExample(page, base, lookups.M.slug);
    await sendExample(page, base, lookups.L.slug);
    await page.goto(`${page.url().replace(/&?view=[a-z]+/, '')}&view=map&area=${AREA}`);
    const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
    const m = add.getByRole('option', { name: /^M · / });
    await m.waitFor({ state: 'attached', timeout: 30_000 });
    await add.selectOption((await m.getAttribute('value'))!);
    await results(page)
      .getByRole('checkbox', { name: /^Show M · / })
      .waitFor({ timeout: 30_000 });
    await results(page).locator('.leaflet-demo-streets-pane[data-streets]').waitFor({ state: 'attached', timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      results(page).getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    await download.saveAs(path);
    const bytes = statSync(path).size;
    console.log(`${path}: ${Math.round(bytes / 1024)} kB (the map's Export PNG)`);
    if (bytes > MAX_BYTES) throw new Error(`${path} is ${bytes} bytes, over ${MAX_BYTES}`);
  } finally {
    await context.close();
  }
}
