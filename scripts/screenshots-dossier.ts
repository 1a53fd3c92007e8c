// The dossier's pictures for `npm run screenshots`: the place dossier around D's example property
// once every section has its whole answer (docs/images/dossier.png), and two pages of its evidence
// pack as printed (the print stylesheet at A4's width: the cover and the property's sheet,
// docs/images/evidence-pack-1.png and -2.png).
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';

const DOSSIER = '/dossier?from=d&recordid=184713191';
const SECTIONS = ['D', 'G', 'H', 'L', 'M', 'B'];
// An A4 page in CSS pixels (96 per inch), and its print margin (14 mm a side) as padding.
const A4 = { width: 794, height: 1123 };
const MARGIN_PX = 53;

async function dossierReady(page: Page): Promise<void> {
  for (const id of SECTIONS)
    await page
      .getByRole('region', { name: new RegExp(`^${id}\\. `) })
      .getByRole('definition')
      .first()
      .filter({ hasText: /^[\d,]+ records?/ })
      .waitFor({ timeout: 30_000 });
  await page.getByText(/all \d+ pages merged/).waitFor({ timeout: 30_000 });
}

/** Takes the dossier and two pack pages; `save` writes one picture and checks its size. */
export async function takeDossierShots(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
  save: (page: Page, file: string) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport, colorScheme: 'light', acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(`${base}${DOSSIER}`);
    await dossierReady(page);
    await page.getByLabel('Prepared by').fill('A. Analyst');
    await save(page, 'dossier.png');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download evidence pack (HTML)' }).click(),
    ]);
    const html = await readFile(await download.path(), 'utf8');

    const pack = await browser.newPage({ viewport: A4 });
    try {
      await pack.setContent(html);
      await pack.emulateMedia({ media: 'print' });
      await pack.addStyleTag({ content: `body{padding:${MARGIN_PX}px !important}` });
      await save(pack, 'evidence-pack-1.png');
      await pack
        .locator('h2')
        .filter({ hasText: /^D\. / })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await save(pack, 'evidence-pack-2.png');
    } finally {
      await pack.close();
    }
  } finally {
    await context.close();
  }
}
