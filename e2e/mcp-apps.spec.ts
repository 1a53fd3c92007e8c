// MCP Apps end to end (issue 38): L's tool links the map view; a page hosts it the way an
// assistant's client does (e2e/mcp-app-host.ts: the ui:// document in a sandboxed frame, the ext-apps
// SDK's host bridge), handing it the arguments and the result of a real tools/call to /mcp. The view
// draws L's points on the map and its records in the table, links the query to the lookup's page,
// and reaches no network: the only request the page makes is the host page itself.
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { build, type Rolldown } from 'vite';
import type { AnyLookup, AnyOperation } from '../src/lookups/define-lookup.ts';
import { crimeIncidents } from '../src/lookups/l-crime-incidents.ts';
import { podcastSearch } from '../src/lookups/t-podcast-search.ts';
import { connectHttpClient, exampleArguments } from '../src/server/mcp/testing/mcp-fixtures.ts';
import { toolName } from '../src/server/mcp/tool-catalog.ts';
import type { HostedCall } from './mcp-app-host.ts';

const HOST_URL = 'http://assistant-host.test/';
const incidents = crimeIncidents.operations[0];

/** The host page's script: e2e/mcp-app-host.ts and the SDK's bridge, bundled into one module. */
async function hostScript(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: new URL('./mcp-app-host.ts', import.meta.url).pathname, output: { codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput;
  return output.output.find((file) => file.type === 'chunk')!.code;
}

let client: Client;
let script: string;

test.beforeAll(async ({ baseURL }) => {
  client = await connectHttpClient(baseURL!);
  script = await hostScript();
});
test.afterAll(async () => {
  await client?.close();
});

/** Opens the host page (served by the test itself) and hosts `call` in it; every request the page makes is recorded. */
async function hostInPage(page: Page, call: HostedCall): Promise<{ requests: string[]; refused: string[] }> {
  const requests: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  // A request the frame's policy blocks is no request: the browser says so on the console.
  page.on('console', (message) => message.text().includes('Content Security Policy') && refused.push(message.text()));
  await page.route(HOST_URL, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Assistant</title><script type="module">${script}</script>` }),
  );
  await page.goto(HOST_URL);
  await page.waitForFunction(() => typeof window.hostApp === 'function');
  await page.evaluate((hosted) => window.hostApp(hosted), call);
  return { requests, refused };
}

/** What a client does before it shows a view: the tool's linked ui:// resource read, and the tool called with the example. */
async function callWithView(lookup: AnyLookup, operation: AnyOperation) {
  const { tools } = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === toolName(lookup, operation))!;
  const resourceUri = (tool._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
  const document = (await client.readResource({ uri: resourceUri! })).contents[0] as { mimeType?: string; text: string };
  const args = exampleArguments(operation);
  const result = (await client.callTool({ name: tool.name, arguments: args })) as HostedCall['result'];
  return { resourceUri, document, call: { html: document.text, args, result }, returned: result.structuredContent?.returned as number };
}

test('L’s tool links the map view, which shows L’s demo answer on the map and in the table, offline, with a link to the query', async ({
  page,
  baseURL,
}) => {
  // One document of 1.7 MB parsed in a frame, a map and a table drawn: more than the default on a busy machine.
  test.slow();
  const { resourceUri, document, call, returned } = await callWithView(crimeIncidents, incidents);
  expect(resourceUri).toBe('ui://lookups/map');
  expect(document.mimeType).toBe('text/html;profile=mcp-app');
  expect(returned).toBeGreaterThan(0);

  const { requests, refused } = await hostInPage(page, call);
  const app = page.frameLocator('iframe[title="Lookup Explorer app"]');
  await expect(app.getByRole('heading', { name: `${crimeIncidents.id}. ${crimeIncidents.title}` })).toBeVisible({ timeout: 20_000 });

  // The map: L's points as clusters or single points (drawn on one canvas), its legend and search circle.
  const map = app.getByRole('region', { name: /^Map of \d+ results?$/ });
  await expect(map).toBeVisible();
  await expect(map.locator('.map-cluster, .leaflet-overlay-pane canvas').first()).toBeVisible();
  await expect(app.locator('.map-toolbar__count')).toContainText(String(returned));
  await expect(map.locator('.map-search-circle')).toHaveCount(1);
  await expect(app.getByRole('list', { name: 'Legend' })).toBeVisible();

  // The table: one row per record the result carried (after its two header rows).
  const table = app.getByRole('region', { name: 'Records' }).getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(returned + 2));
  await expect(table.locator('tbody tr[data-position="0"]')).toBeVisible();

  // The link carries the query to the lookup's page on this server; the host is asked to open it.
  const link = app.getByRole('link', { name: 'Open in Lookup Explorer' });
  const href = new URL((await link.getAttribute('href'))!);
  expect(href.origin).toBe(new URL(baseURL!).origin);
  expect(href.pathname).toBe(`/lookups/${crimeIncidents.slug}`);
  for (const [name, value] of Object.entries(incidents.example as Record<string, string>)) expect(href.searchParams.get(name)).toBe(value);
  await link.click();
  await expect.poll(() => page.evaluate(() => window.openedLinks)).toEqual([href.href]);

  // No network but the host's bridge: the page fetched only itself, and the view tried nothing its policy refused.
  expect(requests).toEqual([HOST_URL]);
  expect(refused).toEqual([]);
});

test('a tool whose records have no points links the table view, which shows its rows and no map', async ({ page }) => {
  test.slow();
  const { resourceUri, call, returned } = await callWithView(podcastSearch, podcastSearch.operations[0]);
  expect(resourceUri).toBe('ui://lookups/table');
  expect(returned).toBeGreaterThan(1);

  const { requests, refused } = await hostInPage(page, call);
  const app = page.frameLocator('iframe[title="Lookup Explorer app"]');
  const table = app.getByRole('region', { name: 'Records' }).getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(returned + 2), { timeout: 20_000 });
  await expect(table.locator('tbody tr[data-position="0"]')).toBeVisible();
  await expect(app.getByRole('region', { name: /^Map of/ })).toHaveCount(0);
  await expect(app.getByRole('link', { name: 'Open in Lookup Explorer' })).toHaveAttribute(
    'href',
    new RegExp(`/lookups/${podcastSearch.slug}\\?`),
  );
  expect(requests).toEqual([HOST_URL]);
  expect(refused).toEqual([]);
});
