// The app's own pages under their strict Content-Security-Policy: the headers are on the page,
// its files and its JSON documents, and the catalog, a lookup page (A, whose example is sent and
// read), R (the one POST, which must pass the CSRF guard from the app's own page) and a map page
// (L) run without a single CSP violation reported by Chromium.
import { allLookups } from '../src/lookups/registry.ts';
import { blockExternalRequests, expect, test } from './fixtures.ts';
import type { ConsoleMessage, Page } from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects every CSP violation the page reports: the DOM event and the console's own line. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame|create)/i.test(message.text()))
      fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

async function sendExample(page: Page, slug: string) {
  await page.goto(`/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('tablist', { name: 'Result views' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('alert')).toHaveCount(0);
}

test('pages and files carry the strict policy; JSON documents the data policy', async ({ request }) => {
  for (const path of ['/', '/lookups/a', '/lookups/l?lat=1']) {
    const page = await request.get(path, { headers: { accept: 'text/html' } });
    expect(page.status()).toBe(200);
    const headers = page.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]),
    );
    // The configured tile host (OpenStreetMap's by default) may serve images, and nothing else.
    expect(csp).toMatch(/img-src 'self' data: https:\/\/(\*\.)?tile\.openstreetmap\.org(;|$)/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    // No inline script for 'self' to have to allow.
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  }
  const html = await (await request.get('/')).text();
  const script = /<script[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script!);
  expect(asset.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');

  const health = await request.get('/healthz');
  expect(health.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(health.headers()['x-content-type-options']).toBe('nosniff');
});

test('the catalog reports no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect(page.getByRole('listitem')).toHaveCount(allLookups.length);
  await page.getByLabel('Filter lookups').fill('movie');
  await expect(page.getByRole('listitem')).toHaveCount(1);
  expect(await violations()).toEqual([]);
});

for (const slug of ['a', 'r']) {
  test(`lookup ${slug.toUpperCase()}: the form, the request and its result views report no CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    await sendExample(page, slug);
    const results = page.getByRole('region', { name: 'Results' });
    for (const tab of ['Table', 'Tree', 'Raw', 'Request']) {
      await results.getByRole('tab', { name: tab }).click();
      await expect(results.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    }
    expect(await violations()).toEqual([]);
  });
}

test('lookup L: the map page, its picker and the results map report no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await blockExternalRequests(page);
  await sendExample(page, 'l');
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('region', { name: /^Map of [\d,]+ results?$/ })).toBeVisible({ timeout: 20_000 });
  await expect(results.locator('.leaflet-container').first()).toBeVisible();
  // The picker's map starts as it nears the viewport.
  await page.getByText(/^Click the map to set the search point/).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: /^Search area map/ })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a POST from another site or without JSON is refused before the proxy', async ({ request, baseURL }) => {
  const path = '/proxy/r/profile-details';
  const crossSite = await request.post(path, { headers: { origin: 'https://evil.example' }, data: { profile_id: '7' } });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).error).toMatchObject({ code: 'cross_site_request', origin: 'proxy' });

  const form = await request.post(path, { headers: { origin: baseURL!, 'content-type': 'text/plain' }, data: '{"profile_id":"7"}' });
  expect(form.status()).toBe(415);
  expect((await form.json()).error).toMatchObject({ code: 'unsupported_media_type', origin: 'proxy' });
});
