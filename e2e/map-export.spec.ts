// The map export is the map (issue 34, walk defect 1): on L's results map with a drawn area and M
// added from History, Export PNG gives a sheet whose pixels hold the search circle's outline, the
// drawn area's outline, M's points, the legend beside the map, a scale bar and the title block;
// Export PDF gives one landscape page of the paper chosen.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, expectRecorded, test, type Locator, type Page } from './fixtures.ts';
import { countColor, decodeInPage, longestDarkRun, rgbOf } from './png-pixels.ts';
import { SHEET, sheetLayout } from '../src/map/export/sheet-layout.ts';
import { LAYER_COLORS } from '../src/map/category-colors.ts';

const QUERY =
  '/lookups/l?lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00:00:00.000Z&datetime_end=2024-05-08T00:00:00.000Z&page=1&view=map';
// A rectangle around the centre, inside the circle, holding the rounded position 37.77, −122.42: (south, west), (north, west), (north, east), (south, east).
const AREA = '37.765,-122.43;37.775,-122.43;37.775,-122.415;37.765,-122.415';

const results = (page: Page) => page.getByRole('region', { name: 'Results' });

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** What the page says the map shows, in the map container's pixels. */
interface OnScreen {
  width: number;
  height: number;
  circle: { x: number; y: number; radius: number; color: string };
  area: { left: number; top: number; right: number; bottom: number; color: string };
}

/** A small box around a point. */
const around = (x: number, y: number, half = 3) => ({ x: x - half, y: y - half, width: 2 * half + 1, height: 2 * half + 1 });

test('Export PNG is the map: circle, drawn area, added layer, legend beside it, scale bar, title; Export PDF is one landscape page', async ({
  page,
}) => {
  test.slow();
  await blockExternalRequests(page);
  // M's example (calls for service around the same place) answered once, so History offers it as a layer.
  await page.goto('/lookups/m');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(results(page).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });
  // Written to History a moment after it is shown: leaving before then would lose it.
  await expectRecorded(page, 1);

  await page.goto(`${QUERY}&area=${AREA}`);
  const sendButton = page.getByRole('button', { name: 'Send request' });
  const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
  await expect(add.or(sendButton).first()).toBeVisible({ timeout: 20_000 });
  if (!(await add.isVisible())) await sendButton.click();
  await expect(add.getByRole('option', { name: /^M · / })).toHaveCount(1, { timeout: 20_000 });
  await add.selectOption((await add.getByRole('option', { name: /^M · / }).getAttribute('value'))!);
  await expect(results(page).getByRole('checkbox', { name: /^Show M · / })).toBeChecked({ timeout: 20_000 });
  const map = results(page).getByRole('region', { name: /^Map of / });
  await expect(map.locator('.map-search-circle')).toBeVisible();
  await expect(map.locator('.map-area')).toBeVisible();
  // The demo's streets are drawn offline at this zoom, or the map is too far out for them: either way settled.
  await expect(map.locator('.leaflet-demo-streets-pane')).toHaveAttribute('data-streets', /\d/, { timeout: 20_000 });

  const screen: OnScreen = await map.evaluate((container) => {
    const frame = container.getBoundingClientRect();
    const circle = container.querySelector('.map-search-circle')!;
    const area = container.querySelector('.map-area')!;
    const c = circle.getBoundingClientRect();
    const a = area.getBoundingClientRect();
    return {
      width: Math.round(frame.width),
      height: Math.round(frame.height),
      circle: {
        x: c.left + c.width / 2 - frame.left,
        y: c.top + c.height / 2 - frame.top,
        radius: c.width / 2,
        color: getComputedStyle(circle).stroke,
      },
      area: {
        left: a.left - frame.left,
        top: a.top - frame.top,
        right: a.right - frame.left,
        bottom: a.bottom - frame.top,
        color: getComputedStyle(area).stroke,
      },
    };
  });

  // The drawn area's outline, edge by edge (dashed): its colour along each of its four sides.
  const areaColor = rgbOf(screen.area.color);
  // On the picture the outline is seen through the search circle's translucent fill, a shade darker.
  const edgesSeenAt = async (at: { x: number; y: number }, tolerance = 40) => {
    const { left, top, right, bottom } = screen.area;
    const edges = [
      { x: at.x + left - 3, y: at.y + top, width: 7, height: bottom - top },
      { x: at.x + right - 3, y: at.y + top, width: 7, height: bottom - top },
      { x: at.x + left, y: at.y + top - 3, width: right - left, height: 7 },
      { x: at.x + left, y: at.y + bottom - 3, width: right - left, height: 7 },
    ];
    let seen = 0;
    for (const edge of edges) if ((await countColor(page, edge, areaColor, tolerance)) > 10) seen += 1;
    return seen;
  };
  await decodeInPage(page, (await map.screenshot()).toString('base64'));
  const edgesOnScreen = await edgesSeenAt({ x: 0, y: 0 });
  expect(edgesOnScreen).toBeGreaterThanOrEqual(2);

  const png = await download(page, results(page).getByRole('button', { name: 'Export PNG' }));
  expect(png.name).toMatch(/\.png$/);
  const size = await decodeInPage(page, png.bytes.toString('base64'));
  // The sheet is the map's size plus the title above and the legend column beside it (never over it).
  const layout = sheetLayout({ width: screen.width, height: screen.height }, 1, 3);
  expect(size.width).toBe(Math.ceil(layout.width));
  const mapAt = layout.map;

  // The search circle's outline: its colour on the circle at most of 24 angles (it is dashed).
  const circleColor = rgbOf(screen.circle.color);
  let onCircle = 0;
  for (let step = 0; step < 24; step += 1) {
    const angle = (step / 24) * 2 * Math.PI;
    const x = mapAt.x + screen.circle.x + screen.circle.radius * Math.cos(angle);
    const y = mapAt.y + screen.circle.y + screen.circle.radius * Math.sin(angle);
    if (x < mapAt.x || y < mapAt.y || x > mapAt.x + mapAt.width || y > mapAt.y + mapAt.height) continue;
    if ((await countColor(page, around(x, y), circleColor)) > 0) onCircle += 1;
  }
  expect(onCircle).toBeGreaterThanOrEqual(8);

  // The drawn area's outline: the edges the screen shows clear of any cell, the picture shows too (a
  // masked record's shaded cell lies over part of the area; where its edge and a cell's meet, a pixel
  // or two of antialiasing decides whether that edge counts, on either).
  expect(await edgesSeenAt(mapAt, 90)).toBeGreaterThanOrEqual(Math.min(edgesOnScreen, 2));

  // M's points on the map, in the first layer colour.
  const layerColor = rgbOf(LAYER_COLORS[0]);
  // The drawn area keeps only M's calls inside it (as on the screen): a few dots, not hundreds.
  expect(await countColor(page, mapAt, layerColor, 30)).toBeGreaterThan(20);

  // The legend beside the map: the circle's swatch, M's swatch, and its words.
  const legend = { x: mapAt.x + mapAt.width + SHEET.gap, y: mapAt.y, width: SHEET.legendWidth, height: size.height - mapAt.y };
  expect(await countColor(page, { ...legend, width: 20 }, circleColor)).toBeGreaterThan(5);
  expect(await countColor(page, { ...legend, width: 20 }, layerColor, 30)).toBeGreaterThan(20);
  expect(await countColor(page, legend, [27, 35, 48], 60)).toBeGreaterThan(300);
  // The scale bar: a dark bar, far longer than any letter, in the legend column.
  expect(await longestDarkRun(page, legend)).toBeGreaterThanOrEqual(SHEET.legendWidth / 5);

  // The title block: three lines of writing above the map.
  for (let line = 0; line < 3; line += 1) {
    const band = { x: layout.title.x, y: layout.title.y + line * SHEET.titleLine, width: layout.title.width, height: SHEET.titleLine };
    expect(await countColor(page, band, [27, 35, 48], 60)).toBeGreaterThan(100);
  }

  // The PDF: one page, landscape Letter when Letter is chosen.
  await results(page).getByRole('combobox', { name: 'Paper' }).selectOption('letter');
  const pdf = await download(page, results(page).getByRole('button', { name: 'Export PDF' }));
  expect(pdf.name).toMatch(/\.pdf$/);
  const text = pdf.bytes.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
  // Letter landscape is 792 × 612 points (jsPDF writes "792.").
  expect(text).toMatch(/\/MediaBox\s*\[0 0 792\.?0* 612\.?0*\]/);
});
