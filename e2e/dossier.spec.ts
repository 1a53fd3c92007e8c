// The place dossier end to end, on demo data: D's example property, every linked lookup around it
// as a section with a count and a map layer, and the evidence pack: an HTML file holding every
// request's parameters and a SHA-256 per answer that matches the answer's bytes in the ZIP, which
// loads nothing when opened.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';

const RECORD_ID = '184713191'; // D's example (src/lookups/property-sections.ts)
const LOOKUPS = ['D', 'G', 'H', 'L', 'M', 'B'];

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await file.path());
}

test('a dossier around a property: sections, one layered map, and an evidence pack that checks out offline', async ({ page, browser }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto(`/dossier?from=d&recordid=${RECORD_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Place dossier' })).toBeVisible();
  for (const id of LOOKUPS) {
    const section = page.getByRole('region', { name: new RegExp(`^${id}\\. `) });
    await expect(section.getByRole('definition').first()).toHaveText(/^[\d,]+ records?/, { timeout: 30_000 });
    await expect(section.getByText(/^demo data · (personal data masked|not masked) · fetched /)).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Dossier map' })).toHaveCount(1);
  const layers = page.getByRole('group', { name: 'Layers' });
  for (const id of LOOKUPS) await expect(layers.getByRole('checkbox', { name: new RegExp(`^${id}\\. `) })).toBeChecked();

  const html = (await download(page, page.getByRole('button', { name: 'Download evidence pack (HTML)' }))).toString('utf8');
  const zip = unzipSync(new Uint8Array(await download(page, page.getByRole('button', { name: 'Download answers and provenance (ZIP)' }))));
  const appendix = JSON.parse(strFromU8(zip['provenance.json']!)) as {
    requests: { lookup: string; parameters: Record<string, string>; sha256: string; file: string }[];
  };
  expect(appendix.requests.map((request) => request.lookup).sort()).toEqual([...LOOKUPS].sort());
  for (const request of appendix.requests) {
    expect(request.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(zip[request.file]!).digest('hex')).toBe(request.sha256);
    expect(html).toContain(request.sha256);
    for (const [name, value] of Object.entries(request.parameters)) expect(html).toContain(`${name}=${value.replace(/&/g, '&amp;')}`);
  }
  expect(html).toContain(`recordid=${RECORD_ID}`);
  expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);

  // Opened on its own, with every request recorded and refused, the pack asks for nothing.
  const context = await browser.newContext();
  const offline = await context.newPage();
  const requested: string[] = [];
  await offline.route('**/*', (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  await offline.setContent(html);
  await expect(offline.getByRole('heading', { name: 'Provenance appendix' })).toBeVisible();
  await expect(offline.getByRole('img', { name: /Map of the answers/ })).toBeVisible();
  expect(requested).toEqual([]);
  await context.close();
});

test('a dossier around a bare point runs B, L and M; a bad link says what is wrong', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto('/dossier?lat=37.7749&lon=-122.4194&radius=800');
  for (const id of ['B', 'L', 'M']) {
    const section = page.getByRole('region', { name: new RegExp(`^${id}\\. `) });
    await expect(section.getByRole('definition').first()).toHaveText(/^[\d,]+ records?/, { timeout: 30_000 });
  }
  await expect(page.getByRole('region', { name: /^D\. / })).toHaveCount(0);
  await page.goto('/dossier?lat=95&lon=0');
  await expect(page.getByRole('alert')).toHaveText(/lat must be a number from -90 to 90/);
});

test('any answer downloads its evidence pack, holding its parameters and hash', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  await page.goto('/lookups/l');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  const html = (await download(page, page.getByRole('button', { name: 'Download evidence pack (HTML)' }))).toString('utf8');
  expect(html).toContain('distance=1mi');
  expect(html).toMatch(/<dd>[0-9a-f]{64}<\/dd>/);
});

test('a dossier’s time window: the days chosen are in the URL and bound the incidents and calls it asks for', async ({ page }) => {
  test.slow();
  await blockExternalRequests(page);
  const asked: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/proxy/l/')) asked.push(url.searchParams);
  });
  await page.goto('/dossier?lat=37.7749&lon=-122.4194&radius=800');
  const window = page.getByRole('form', { name: 'Time window' });
  const first = window.getByLabel('First day');
  const last = window.getByLabel('Last day');
  // Without since and until, the spec's examples' week.
  await expect(first).toHaveValue('2024-05-01', { timeout: 20_000 });
  await expect(last).toHaveValue('2024-05-07');

  // A pair out of order is named at its field, and nothing changes.
  await first.fill('2024-05-09');
  await window.getByRole('button', { name: 'Apply the window' }).click();
  await expect(window.getByRole('alert')).toHaveText('until must be on or after since');
  await expect(last).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/since=/);

  await last.fill('2024-05-10');
  await window.getByRole('button', { name: 'Apply the window' }).click();
  await expect(page).toHaveURL(/since=2024-05-09&until=2024-05-10/);
  // The earlier window's answer can still be on screen: wait for the new window's request itself.
  await expect
    .poll(
      () =>
        asked.some(
          (query) => query.get('datetime_ini') === '2024-05-09T00:00:00.000Z' && query.get('datetime_end') === '2024-05-10T23:59:59.999Z',
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const incidents = page.getByRole('region', { name: /^L\. / });
  await expect(incidents.getByRole('definition').first()).toHaveText(/^[\d,]+ records?/, { timeout: 30_000 });
  await expect(page.getByText(/from 2024-05-09 to 2024-05-10\. This page’s address reproduces it\./)).toBeVisible();
});
