// A key configured as a header (LOOKUP_B_KEY_HEADER=X-Api-Key) shows as that header, with
// <API_KEY>, in the Request tab and every snippet, never as a query parameter; and the key itself
// reaches the provider only, never the browser. The shared server of playwright.config.ts runs
// without configuration, so this spec starts its own production server with B configured live
// against an in-process provider (the demo upstream, recording what it receives).
import type { ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { startApp } from './start-app.ts';
import { demoGenerators } from '../src/demo/generators.ts';
import { allLookups, lookups } from '../src/lookups/registry.ts';
import { LOOKUP_CONFIG_PATH } from '../src/lookups/wire.ts';
import { parseServerConfig } from '../src/server/config.ts';
import { createProxyHandler } from '../src/server/proxy-handler.ts';

const KEY = 'e2e-key-that-must-stay-on-the-server-5c1d';

test.describe.configure({ mode: 'serial' });

const hits: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let provider: Server;
let providerUrl: string;
let app: ChildProcess | undefined;
let base: string;

test.beforeAll(async () => {
  // The provider: the demo upstream at the root, as `npm run demo-upstream` serves it (any key accepted).
  const demo = createProxyHandler({
    lookups: allLookups,
    generators: demoGenerators,
    config: parseServerConfig({}, allLookups),
    prefix: '',
    log: () => undefined,
  });
  provider = createServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers });
    void demo(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const started = await startApp({ LOOKUP_B_BASE_URL: `${providerUrl}/b`, LOOKUP_B_KEY: KEY, LOOKUP_B_KEY_HEADER: 'X-Api-Key' });
  app = started.child;
  base = started.origin;
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

test('the server publishes B’s key placement, and neither the key nor the base URL', async ({ request }) => {
  const response = await request.get(`${base}${LOOKUP_CONFIG_PATH}`);
  expect(response.ok()).toBe(true);
  const text = await response.text();
  expect(JSON.parse(text).lookups.B).toEqual({ mode: 'live', key: { in: 'header', name: 'X-Api-Key' } });
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(providerUrl);
});

test('the Request tab and every snippet show B’s key as the X-Api-Key header with <API_KEY>', async ({ page }) => {
  const example = lookups.B.operations[0].example;
  await page.goto(`${base}/lookups/b?${new URLSearchParams(example as Record<string, string>)}`);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('tablist', { name: 'Result views' })).toBeVisible({ timeout: 20_000 });
  await results.getByRole('tab', { name: 'Request' }).click();

  const panel = results.getByRole('tabpanel');
  await expect(panel.getByText(/^GET \{base_url\}\/ev\/stations\.json\?\S+\s+X-Api-Key: <API_KEY>$/)).toBeVisible();
  await expect(panel.getByText(/api_key=/)).toHaveCount(0);
  for (const name of ['curl', 'JavaScript fetch', 'Python requests']) {
    const snippet = panel.getByLabel(`${name} snippet`);
    await expect(snippet).toContainText('X-Api-Key');
    await expect(snippet).toContainText('<API_KEY>');
    await expect(snippet).not.toContainText('api_key');
  }

  // The provider got the real key, as that header and only there.
  const hit = hits.at(-1)!;
  expect(hit.headers['x-api-key']).toBe(KEY);
  expect(hit.url).toMatch(/^\/b\/ev\/stations\.json\?/);
  expect(hit.url).not.toContain('api_key');
  // The browser never saw it.
  expect(await page.content()).not.toContain(KEY);
});
