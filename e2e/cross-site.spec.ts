// Another website must not spend live calls through the proxy (issue 22, item 6): a page served
// from another origin points an <img> and a no-cors fetch at /proxy/…, and the proxy refuses both
// before any upstream (the demo here, a provider on a live server), while the app's own pages,
// direct navigation and same-origin fetches still get answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';

// The image's refusal is a failed load the page logs, and Chromium's JSON viewer may not run its
// script in a navigated answer (the proxy's CSP sandboxes it); nothing else may be logged.
// (One entry: Playwright reads a two-element array given to test.use as a [value, options] pair.)
test.use({ expectedErrors: [{ message: /status of 403|Blocked script execution .* sandboxed/, url: /\/proxy\/a\/movie\/550/ }] });

let foreign: Server;
let foreignPort: number;

/** The other site's page, aimed at the app's proxy. */
function foreignPage(appOrigin: string): string {
  const target = `${appOrigin}/proxy/a/movie/550`;
  return `<!doctype html><title>another site</title>
<img src="${target}?via=img" alt="">
<script>fetch(${JSON.stringify(`${target}?via=fetch`)}, { mode: 'no-cors' }).then(() => { document.title = 'fetched'; }, () => { document.title = 'fetched'; });</script>`;
}

test.beforeAll(async ({ baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  foreign = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(foreignPage(appOrigin)));
  // Every interface: `localhost` may resolve to ::1 or 127.0.0.1.
  await new Promise<void>((resolve) => foreign.listen(0, resolve));
  foreignPort = (foreign.address() as AddressInfo).port;
});

test.afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())));

for (const host of ['localhost', '127.0.0.1']) {
  // localhost is another site than 127.0.0.1; 127.0.0.1 on another port is the same site, another origin.
  test(`a page on ${host}:<another port> cannot reach the proxy with an image or a no-cors fetch`, async ({ page }) => {
    // A refusal carries no source header; anything the proxy forwarded says `demo` or `live`.
    // Read from the network as it arrived (DevTools protocol): Chromium blocks an opaque JSON
    // answer from the page (ORB), and Playwright then reports no response at all.
    // The events of one request may come in any order (extra info before the request itself): joined when read.
    const urls = new Map<string, string>();
    const received = new Map<string, { status: number; source: string | null }>();
    const note = (requestId: string, status: number, raw: Record<string, unknown>) => {
      const source = Object.entries(raw).find(([name]) => name.toLowerCase() === 'x-lookup-source')?.[1];
      received.set(requestId, { status, source: source === undefined ? null : String(source) });
    };
    const answers = () =>
      [...received]
        .map(([requestId, answer]) => ({ url: new URL(urls.get(requestId) ?? 'about:blank'), ...answer }))
        .filter(({ url }) => url.pathname.startsWith('/proxy/'))
        .map(({ url, status, source }) => ({ via: url.searchParams.get('via') ?? '', status, source }))
        .sort((a, b) => a.via.localeCompare(b.via));
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    // Either event may be the one Chromium sends for an answer it then blocks: both are read.
    cdp.on('Network.responseReceivedExtraInfo', (event) => note(event.requestId, event.statusCode, event.headers));
    cdp.on('Network.responseReceived', (event) => note(event.requestId, event.response.status, event.response.headers));
    await cdp.send('Network.enable');
    await page.goto(`http://${host}:${foreignPort}/`);
    await expect(page).toHaveTitle('fetched');
    await expect.poll(() => answers().length).toBe(2);
    expect(answers()).toEqual([
      { via: 'fetch', status: 403, source: null },
      { via: 'img', status: 403, source: null },
    ]);
  });
}

test('the app itself still reaches the proxy: a same-origin fetch and direct navigation', async ({ page }) => {
  await page.goto('/');
  const answer = await page.evaluate(async () => {
    const response = await fetch('/proxy/a/movie/550');
    return { status: response.status, source: response.headers.get('x-lookup-source') };
  });
  expect(answer).toEqual({ status: 200, source: 'demo' });
  const navigated = await page.goto('/proxy/a/movie/550');
  expect(navigated?.status()).toBe(200);
  expect(((await navigated!.json()) as { id: unknown }).id).toBe(550);
});
