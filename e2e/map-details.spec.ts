// The results map read closely (issue 29, from the analyst's walk): popups name a record's key
// fields and its coordinates, masked positions say they are approximate, an empty map says why,
// the notice about tiles covers nothing, the view survives a trip to the table, and cluster
// bubbles never cover each other's counts. The picker's radius handle works from the keyboard.
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';
import { allLookups, lookups } from '../src/lookups/registry.ts';

const mapLookups = allLookups.filter((lookup) => lookup.operations[0].defaultTab === 'map');
const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true });
const resultsMap = (page: Page) => results(page).getByRole('region', { name: /^Map of [\d,]+ results?$/ });
const NOTICE = 'Map tiles unavailable — showing country outlines';

async function sendExample(page: Page, slug: string) {
  await page.goto(`/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
}

/** Selects the table's first record and opens its popup from the selected marker on the map. */
async function openFirstPopup(page: Page): Promise<Locator> {
  await results(page).getByRole('tab', { name: 'Table' }).click();
  // A one-record answer opens as a field list; its row is one click away.
  const asRow = results(page).getByRole('button', { name: 'Show as a table row' });
  const firstRow = results(page).locator('tbody tr[aria-selected]').first();
  await expect(asRow.or(firstRow).first()).toBeVisible();
  if (await asRow.isVisible()) await asRow.click();
  await firstRow.click();
  await results(page).getByRole('tab', { name: 'Map' }).click();
  await resultsMap(page)
    .getByAltText(/^Selected: /)
    .click();
  const popup = resultsMap(page).locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  return popup;
}

type Box = { x: number; y: number; width: number; height: number };

/** The element's box, relative to `frame`'s, once it stops moving (a zoom's animation, a popup's pan into view are over). */
async function settledBox(locator: Locator, frame?: Locator): Promise<Box> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = (await locator.boundingBox())!;
        const origin = frame ? (await frame.boundingBox())! : { x: 0, y: 0 };
        const text = JSON.stringify({ ...box, x: box.x - origin.x, y: box.y - origin.y });
        // Leaflet marks its panes while a zoom animates: on a loaded machine a frame can stall past
        // the interval, and an unchanged box alone would read a half-done zoom as settled (a click
        // then lands while Leaflet ignores clicks).
        const animating = (await locator.page().locator('.leaflet-zoom-anim, .leaflet-pan-anim').count()) > 0;
        const still = text === last && !animating;
        last = text;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return JSON.parse(last) as Box;
}

const inside = (inner: Box, outer: Box, slack = 1) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;
const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

for (const lookup of mapLookups) {
  const popupLabels = lookup.operations[0].map?.popup.map((field) => field.label) ?? [];
  test(`${lookup.id}: a popup lists the definition’s key fields and the record’s coordinates`, async ({ page }) => {
    test.slow(); // an answer, two tab changes and a popup: past 30 s on a loaded 2-core machine
    await blockExternalRequests(page);
    await sendExample(page, lookup.slug);
    const popup = await openFirstPopup(page);
    const names = await popup.locator('dt').allTextContents();
    // Every line is one the definition names, in its order, and the coordinates come last.
    expect(names.at(-1)).toBe('Lat, lon');
    expect(names.slice(0, -1).length).toBeGreaterThan(0);
    expect(names.slice(0, -1)).toEqual(popupLabels.filter((label) => names.includes(label)));
    await expect(popup.locator('dd').last()).toHaveText(/^(≈ )?-?\d+\.\d+, -?\d+\.\d+/);
  });
}

test('L masked: the map and its popups say positions are rounded to about 1 km; unmasked, they give them exactly', async ({ page }) => {
  test.slow(); // several answers or steps: past 30 s on a loaded 2-core machine
  await blockExternalRequests(page);
  await sendExample(page, lookups.L.slug);
  const note = results(page).getByText(/^Positions are approximate: masking rounds them to about 1 km/);
  await expect(note).toBeVisible();
  const popup = await openFirstPopup(page);
  await expect(popup.locator('dd').last()).toHaveText(/^≈ -?\d+\.\d{2}, -?\d+\.\d{2} \(rounded to about 1 km\)$/);

  await page.getByRole('checkbox', { name: /Mask personal data/ }).uncheck();
  await expect(results(page).getByText('Personal data is masked in every view, export and copy.')).toHaveCount(0, { timeout: 20_000 });
  await results(page).getByRole('tab', { name: 'Map' }).click();
  await expect(resultsMap(page)).toBeVisible();
  await expect(note).toHaveCount(0);
  const exact = await openFirstPopup(page);
  await expect(exact.locator('dd').last()).toHaveText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
});

test('L: a page past the last says the page holds no records; filters that remove every record say so', async ({ page }) => {
  test.slow(); // several answers or steps: past 30 s on a loaded 2-core machine
  await blockExternalRequests(page);
  await page.goto(`/lookups/l?${new URLSearchParams({ ...lookups.L.operations[0].example, page: '999999' })}`);
  await expect(resultsMap(page)).toBeVisible({ timeout: 20_000 });
  await expect(results(page).getByText('No records on this page', { exact: true })).toBeVisible();

  await sendExample(page, lookups.L.slug);
  await results(page).getByRole('tab', { name: 'Table' }).click();
  const contains = results(page).getByLabel('Filter incident_code: contains');
  await contains.fill('no offense is called this');
  await contains.press('Enter');
  await results(page).getByRole('tab', { name: 'Map' }).click();
  await expect(results(page).getByText(/^No records after these filters \(0 of [\d,]+ records\)$/)).toBeVisible();
});

test('offline: the tiles notice sits under each map, covering none of it, and the picker keeps its size', async ({ page }) => {
  test.slow(); // several answers or steps: past 30 s on a loaded 2-core machine
  await blockExternalRequests(page);
  await sendExample(page, lookups.L.slug);
  const notice = results(page).getByText(NOTICE);
  await expect(notice).toBeVisible();
  const noticeBox = (await notice.boundingBox())!;
  expect(noticeBox.height).toBeLessThanOrEqual(24);
  expect(apart(noticeBox, (await resultsMap(page).boundingBox())!)).toBe(true);

  await page.getByText(/^Click the map to set the search point/).scrollIntoViewIfNeeded();
  const picker = page.getByRole('region', { name: /^Search area map/ });
  await expect(picker).toBeVisible();
  const frame = picker.locator('xpath=..');
  const pickerNotice = frame.getByText(NOTICE);
  await expect(pickerNotice).toBeVisible();
  expect(apart((await pickerNotice.boundingBox())!, (await picker.boundingBox())!)).toBe(true);
  // The frame keeps the box the page reserved for it (app/deferred-location-picker.css).
  expect((await frame.boundingBox())!.height).toBeCloseTo(302, 0);
});

test('L: the map keeps its zoom and centre, a record selected, after the Table tab and back', async ({ page }) => {
  test.slow(); // several answers or steps: past 30 s on a loaded 2-core machine
  await blockExternalRequests(page);
  await sendExample(page, lookups.L.slug);
  const circle = resultsMap(page).locator('.map-search-circle');
  const fitted = await settledBox(circle);
  // A record selected from the table (as "Show in table" leaves one), its popup closed and the
  // popup's pan into view over; then zoomed in twice with the map's own buttons (no wheel, whose
  // events Leaflet drops while it finishes a move).
  await (await openFirstPopup(page)).getByRole('button', { name: 'Close popup' }).click();
  await settledBox(circle, resultsMap(page));
  for (let step = 0; step < 2; step += 1) {
    await resultsMap(page).getByRole('button', { name: 'Zoom in' }).click();
    await settledBox(circle, resultsMap(page));
  }
  const left = await settledBox(circle, resultsMap(page));
  expect(left.width).toBeGreaterThan(fitted.width * 3);

  await results(page).getByRole('tab', { name: 'Table' }).click();
  await expect(results(page).getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).locator('tbody tr[aria-selected="true"]')).toHaveCount(1);
  await results(page).getByRole('tab', { name: 'Map' }).click();
  await expect(resultsMap(page)).toBeVisible();
  const back = await settledBox(circle, resultsMap(page));
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(back[key] - left[key]), `${key}: ${JSON.stringify({ left, back })}`).toBeLessThanOrEqual(2);
});

test('M: cluster bubbles never cover each other, zoomed out as far as the map goes', async ({ page }) => {
  test.slow(); // M's example is 10,000 calls
  await blockExternalRequests(page);
  await sendExample(page, lookups.M.slug);
  const zoomOut = resultsMap(page).getByRole('button', { name: 'Zoom out' });
  let checked = 0;
  for (let step = 0; step < 6; step += 1) {
    await settledBox(resultsMap(page).locator('.map-search-circle'));
    const boxes = (
      await resultsMap(page)
        .locator('.map-cluster')
        .evaluateAll((bubbles) => bubbles.map((bubble) => bubble.getBoundingClientRect().toJSON() as Box))
    ).map((box) => ({ ...box, x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1 }));
    for (let i = 0; i < boxes.length; i += 1)
      for (let j = i + 1; j < boxes.length; j += 1) expect(apart(boxes[i]!, boxes[j]!), `bubbles ${i} and ${j} at step ${step}`).toBe(true);
    checked += boxes.length;
    if (await zoomOut.isDisabled()) break;
    await zoomOut.click();
  }
  expect(checked).toBeGreaterThan(3);
});

test('L: the radius handle is a named slider the keyboard moves, and the map re-fits a circle that outgrows it', async ({ page }) => {
  test.slow(); // several answers or steps: past 30 s on a loaded 2-core machine
  await blockExternalRequests(page);
  await page.goto(`/lookups/${lookups.L.slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  const distance = page.getByLabel('distance', { exact: true });
  await expect(distance).toHaveValue('1mi');
  await page.getByText(/^Click the map to set the search point/).scrollIntoViewIfNeeded();
  const picker = page.getByRole('region', { name: /^Search area map/ });
  const handle = picker.getByRole('slider', { name: 'Search radius' });
  await expect(handle).toHaveAttribute('aria-valuetext', '1 mi');

  await handle.focus();
  for (const [key, expected] of [
    ['ArrowRight', '1.5mi'],
    ['PageUp', '4mi'],
    ['+', '5mi'],
    ['-', '4mi'],
    ['ArrowLeft', '3mi'],
    ['PageDown', '1mi'],
    ['ArrowDown', '0.75mi'],
    ['ArrowUp', '1mi'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(distance, key).toHaveValue(expected);
  }
  await expect(handle).toHaveAttribute('aria-valuetext', '1 mi');
  await expect(handle).toBeFocused();

  // A circle grown past the frame brings the view along: it ends inside the map again.
  const circle = picker.locator('.map-search-circle');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(distance).toHaveValue('10mi');
  await expect.poll(async () => inside((await circle.boundingBox())!, (await picker.boundingBox())!)).toBe(true);

  // Dragged outward past the frame, the same.
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(distance).not.toHaveValue('10mi');
  await expect.poll(async () => inside((await circle.boundingBox())!, (await picker.boundingBox())!)).toBe(true);
});

test('L masked: every record is drawn with its count, one way, at the fitted zoom and three steps in', async ({ page }) => {
  test.slow(); // several zooms: past 30 s on a loaded 2-core machine
  await blockExternalRequests(page);
  await sendExample(page, lookups.L.slug);
  const map = resultsMap(page);
  const total = Number(
    (await results(page)
      .getByText(/^[\d,]+ records? on the map$/)
      .textContent())!.replace(/[^\d]/g, ''),
  );
  expect(total).toBeGreaterThan(0);
  // The region is Leaflet's container, which counts the frames drawn.
  const canvas = map;
  const bubbles = map.locator('.map-cluster');
  /** The numbers on the bubbles in view, once a frame has landed after the zoom's animation. */
  const countsAfter = async (frames: string | null) => {
    await expect
      .poll(
        async () =>
          (await canvas.getAttribute('data-cluster-frames')) !== frames && (await page.locator('.leaflet-zoom-anim').count()) === 0,
      )
      .toBe(true);
    await expect(bubbles.first()).toBeVisible();
    return (await bubbles.allTextContents()).map((text) => Number(text.replace(/k$/, '000')));
  };
  // Fitted to the answer, every record is in view: the numbers add up to all of them (no cell without one).
  const fitted = await countsAfter(null);
  expect(fitted.reduce((sum, count) => sum + count, 0)).toBe(total);

  // Zoomed in, the masked records are cells, each with its count: never a bubble over nothing.
  for (let step = 1; step <= 3; step += 1) {
    const frames = await canvas.getAttribute('data-cluster-frames');
    await map.getByRole('button', { name: 'Zoom in' }).click();
    const counts = await countsAfter(frames);
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toBeGreaterThan(0);
  }
});
