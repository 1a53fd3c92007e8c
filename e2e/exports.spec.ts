// Exports end to end, on L's example: the table's CSV holds every column of the records (not only
// the twelve the table shows at first), and CSV, JSON and the map's GeoJSON hold the same records.
import { readFile } from 'node:fs/promises';
import { blockExternalRequests, expect, openExampleOnTableTab, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';

/** Clicks the button and returns the downloaded file's name and bytes. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test('L: the CSV has every column, and CSV, JSON and GeoJSON hold the same records in the same order', async ({ page }) => {
  await blockExternalRequests(page);
  const { results, total: shown } = await openExampleOnTableTab(page, 'l');
  expect(shown).toBeGreaterThan(1);

  const csvFile = await download(page, results.getByRole('button', { name: 'Export CSV' }));
  expect(csvFile.name).toMatch(/\.csv$/);
  const csvText = csvFile.bytes.toString('utf8');
  expect(csvText.charCodeAt(0)).not.toBe(0xfeff); // the BOM is opt-in
  expect(csvText.split('\r\n')[0]).not.toContain('\n'); // CRLF line ends
  const csv = Papa.parse<Record<string, string>>(csvText, { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.meta.fields).toEqual(
    expect.arrayContaining(['incident_latitude', 'incident_longitude', 'incident_address', 'incident_offense_detail_description']),
  );
  // More columns than the table shows at first (twelve).
  expect(csv.meta.fields!.length).toBeGreaterThan(12);

  const jsonFile = await download(page, results.getByRole('button', { name: 'Export JSON' }));
  const json = JSON.parse(jsonFile.bytes.toString('utf8')) as Array<Record<string, unknown>>;
  expect(csv.data).toHaveLength(json.length);
  expect(json).toHaveLength(shown);
  expect(csv.data.map((row) => row.incident_code)).toEqual(json.map((record) => record.incident_code));
  expect(csv.data.map((row) => Number(row.incident_longitude))).toEqual(json.map((record) => record.incident_longitude));

  await results.getByRole('tab', { name: 'Map' }).click();
  const geoFile = await download(page, results.getByRole('button', { name: 'Export GeoJSON' }));
  const geojson = JSON.parse(geoFile.bytes.toString('utf8')) as { features: Array<{ properties: Record<string, unknown> }> };
  expect(geojson.features.map((feature) => feature.properties)).toEqual(json);
});
