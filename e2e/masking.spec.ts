// Masking end to end, on D's example (a home: rooftop coordinates with six decimals): with masking
// on (the default) no six-decimal coordinate appears anywhere a person could see or save it — the
// Overview, the Raw tab, the JSON export, the GeoJSON export — and the summary says the server
// masked the answer. Switching masking off in the header refetches and shows the exact values, and
// the Request tab's ready-to-run curl asks for them too.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';

/** A coordinate as precise as a rooftop: six decimals. */
const EXACT = /-?\d{1,3}\.\d{6}\b/;

async function downloaded(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return (await readFile(await file.path())).toString('utf8');
}

test('D: with masking on, no exact coordinate reaches the Overview, Raw, JSON or GeoJSON; turning it off refetches the exact values', async ({
  page,
}) => {
  await blockExternalRequests(page);
  const proxied: Array<string | null> = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/proxy/d/')) proxied.push(request.headers()['x-lookup-mask'] ?? null);
  });
  await page.goto('/lookups/d');
  const toggle = page.getByRole('checkbox', { name: /Mask personal data/ });
  await expect(toggle).toBeChecked();
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  const results = page.getByRole('region', { name: 'Results' });

  await expect(results.getByText('Personal data', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('masked', {
    timeout: 20_000,
  });
  await results.getByRole('tab', { name: 'Overview' }).click();
  const overview = results.getByRole('tabpanel');
  await expect(overview).toContainText('••• masked');
  // Its title: the area and the record id, which masking leaves, not the masked street.
  await expect(overview.getByRole('heading', { level: 3 })).toHaveText(/^[A-Za-z .'-]+, [A-Z]{2} \d{5} · #\d+$/);
  expect(await overview.innerText()).not.toMatch(EXACT);

  await results.getByRole('tab', { name: 'Raw' }).click();
  const raw = await results.getByLabel('Raw body').innerText();
  expect(raw).toMatch(/"latitude": "\d+\.\d{2}"/);
  expect(raw).not.toMatch(EXACT);

  await results.getByRole('tab', { name: 'Table' }).click();
  const json = await downloaded(page, results.getByRole('button', { name: 'Export JSON' }));
  expect(json).toContain('masked address');
  expect(json).not.toMatch(EXACT);

  await results.getByRole('tab', { name: 'Map' }).click();
  const geojson = await downloaded(page, results.getByRole('button', { name: 'Export GeoJSON' }));
  expect(JSON.parse(geojson)).toMatchObject({ type: 'FeatureCollection' });
  expect(geojson).not.toMatch(EXACT);
  expect(proxied).toEqual([null]);

  // Masking off: the same query is sent again, asking for unmasked data, and the exact values show.
  await toggle.uncheck();
  await expect(results.getByText('Personal data', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('not masked');
  await results.getByRole('tab', { name: 'Raw' }).click();
  await expect(results.getByLabel('Raw body')).toContainText(EXACT);
  expect(proxied).toEqual([null, 'off']);
  await results.getByRole('tab', { name: 'Overview' }).click();
  await expect(results.getByRole('tabpanel')).not.toContainText('•••');
  await expect(results.getByRole('tabpanel').getByRole('heading', { level: 3 })).not.toHaveText(/ · #\d+$/);

  // The ready-to-run command asks for what the page shows: unmasked now, masked once switched back.
  await results.getByRole('tab', { name: 'Request' }).click();
  await expect(results.getByLabel('curl via this server snippet')).toContainText("-H 'x-lookup-mask: off'");
  await toggle.check();
  await expect(results.getByText('Personal data', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('masked');
  await results.getByRole('tab', { name: 'Request' }).click();
  await expect(results.getByLabel('curl via this server snippet')).not.toContainText('x-lookup-mask');
});
