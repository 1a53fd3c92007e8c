// Saved queries in and out of other tools (D-21, D-22): a Postman collection's folder lands in a
// sub-group of the imported collection; "Export all as Postman" writes a folder per collection with
// query values decoded; "Export all as Bruno (.zip)" is a collection Bruno opens: bruno.json, one
// .bru per request in a folder, and an environment defining baseUrl as this app's origin.
// Lookups are picked by their properties, never by letter.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { allLookups } from '../src/lookups/registry.ts';
import { buildRequest, encodeQuery } from '../src/lookups/request.ts';
import { parseUrlQuery, sentQuerySearch } from '../src/form/url-state.ts';
import type { AnyLookup, AnyOperation } from '../src/lookups/define-lookup.ts';
import { POSTMAN_SCHEMA } from '../src/workbench/saved/saved-export.ts';

const TIME = /T\d\d:\d\d/;
const operations = allLookups.flatMap((lookup) => lookup.operations.map((operation) => ({ lookup, operation })));
const example = (operation: AnyOperation) => operation.example as Record<string, string>;
// A GET whose example sends a date-time (its colons show whether values stay decoded), and another GET.
const timed = operations.find(
  ({ operation }) => operation.method === 'GET' && Object.values(example(operation)).some((value) => TIME.test(String(value))),
)!;
const plain = operations.find(({ lookup, operation }) => operation.method === 'GET' && lookup !== timed.lookup)!;

/** A Postman request to this server's proxy for the lookup's example, as a hand-written collection has it. */
function postmanRequest({ lookup, operation }: { lookup: AnyLookup; operation: AnyOperation }) {
  const request = buildRequest(operation, parseUrlQuery(lookup, sentQuerySearch(lookup, operation, example(operation))).submittedParams!);
  const query = encodeQuery(request.query);
  return { method: 'GET', url: `{{baseUrl}}/proxy/${lookup.slug}${request.path}${query ? `?${query}` : ''}` };
}

const handwritten = JSON.stringify({
  info: { name: 'Handwritten', schema: POSTMAN_SCHEMA },
  item: [
    { name: 'At the root', request: postmanRequest(plain) },
    { name: 'Weather', request: { method: 'GET', url: 'https://weather.example.test/v1/forecast?city=Berlin' } },
    { name: 'Folder', item: [{ name: 'In the folder', request: postmanRequest(timed) }] },
  ],
});

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('a Postman folder imports as a sub-group; every collection exports at once as Postman and as a Bruno collection', async ({ page }) => {
  test.slow();
  await page.goto('/saved');
  await page
    .getByLabel('Import a collections file or a Postman collection')
    .setInputFiles({ name: 'handwritten.json', mimeType: 'application/json', buffer: Buffer.from(handwritten) });
  await expect(page.getByText(/^Imported 2 queries from the Postman collection “handwritten\.json”/)).toBeVisible();

  // The folder's request sits under the imported collection, not in a top-level "Folder".
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings.filter({ hasText: /^Handwritten$/ })).toHaveCount(1);
  await expect(headings.filter({ hasText: /^Handwritten \/ Folder$/ })).toHaveCount(1);
  await expect(headings.filter({ hasText: /^Folder$/ })).toHaveCount(0);

  // Postman, every collection: a folder each, query values as the user reads them.
  const postman = await download(page, page.getByRole('button', { name: 'Export all as Postman' }));
  const collection = JSON.parse(postman.bytes.toString('utf8')) as {
    item: Array<{ name: string; item: Array<{ name: string; request: { url: { query?: Array<{ key: string; value: string }> } } }> }>;
    variable: Array<{ key: string; value: string }>;
  };
  expect(collection.item.map((folder) => [folder.name, folder.item.map((item) => item.name)])).toEqual([
    ['Handwritten', ['At the root']],
    ['Handwritten / Folder', ['In the folder']],
  ]);
  const values = collection.item[1]!.item[0]!.request.url.query!.map((pair) => pair.value);
  expect(values.some((value) => TIME.test(value))).toBe(true);
  expect(values.filter((value) => /%3A/i.test(value))).toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(collection.variable).toEqual([{ key: 'baseUrl', value: origin, type: 'string' }]);

  // Bruno, every collection: a zip holding a collection folder Bruno opens.
  const bruno = await download(page, page.getByRole('button', { name: 'Export all as Bruno (.zip)' }));
  expect(bruno.name).toMatch(/\.bruno\.zip$/);
  const files = unzipSync(new Uint8Array(bruno.bytes));
  const paths = Object.keys(files);
  const root = paths[0]!.split('/')[0]!;
  expect(JSON.parse(strFromU8(files[`${root}/bruno.json`]!))).toMatchObject({ version: '1', type: 'collection' });
  expect(strFromU8(files[`${root}/environments/Lookup Explorer.bru`]!)).toBe(`vars {\n  baseUrl: ${origin}\n}\n`);
  const requests = paths.filter((path) => path.endsWith('.bru') && !path.includes('/environments/') && !path.endsWith('/folder.bru'));
  expect(requests).toHaveLength(2);
  for (const path of requests) {
    // One folder per saved collection, each request calling the proxy through the environment's baseUrl.
    expect(path.split('/')).toHaveLength(3);
    expect(strFromU8(files[path]!)).toMatch(/url: \{\{baseUrl\}\}\/proxy\//);
  }

  // One collection's own Bruno export too.
  const one = await download(page, page.getByRole('button', { name: 'Export “Handwritten” as Bruno (.zip)' }));
  expect(
    Object.keys(unzipSync(new Uint8Array(one.bytes))).filter((path) => path.endsWith('.bru') && !path.includes('/environments/')),
  ).toHaveLength(1);
});
