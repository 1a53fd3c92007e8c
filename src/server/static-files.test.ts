// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecurityHeaders } from './security-headers.ts';
import { contentTypeOf, createStaticHandler } from './static-files.ts';
import { rawRequest, serveHandler, type RunningServer } from './testing/http-fixtures.ts';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let server: RunningServer;
let outside: string;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'lookup-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  writeFileSync(
    join(dist, 'lookup.html'),
    '<!doctype html><title>Lookup Explorer</title><link rel="modulepreload" href="/assets/lookup-page.js">',
  );
  mkdirSync(join(dist, 'lookups'));
  writeFileSync(
    join(dist, 'lookups', 'i.html'),
    '<!doctype html><title>Lookup Explorer</title><link rel="modulepreload" href="/assets/i-definition.js">',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What a build made with --manifest leaves beside the app (the e2e build does).
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/index-abc123.js"}}');
  writeFileSync(join(dist, 'assets', '.hidden.js'), script);
  // A file next to the build directory, which a `..` must never reach.
  outside = `${basename(dist)}-secret.txt`;
  writeFileSync(join(dist, '..', outside), 'outside');
  server = await serveHandler(createStaticHandler(dist, appSecurityHeaders({ tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' })));
});
afterAll(() => server.close());

function gzipped(path: string): Promise<{ encoding?: string; text: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: server.port, path, headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        resolve({ ...(encoding && { encoding }), text: (encoding === 'gzip' ? gunzipSync(body) : body).toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}

describe('createStaticHandler', () => {
  it('serves hashed assets with their type and long immutable caching, gzipped when accepted', async () => {
    const plain = await rawRequest(server.port, 'GET', '/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    expect(await gzipped('/assets/index-abc123.js')).toEqual({ encoding: 'gzip', text: script });
  });

  it('serves other files without long caching, and answers 304 to a matching ETag', async () => {
    const icon = await rawRequest(server.port, 'GET', '/favicon.svg');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const again = await rawRequest(server.port, 'GET', '/favicon.svg', { headers: { 'if-none-match': String(icon.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for page URLs that accept HTML, and not for missing assets or other types', async () => {
    const page = await rawRequest(server.port, 'GET', '/lookups/a?movie_id=550', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('Lookup Explorer');
    expect((await rawRequest(server.port, 'GET', '/assets/missing.js', { headers: { accept: 'text/html' } })).text).toBe('not handled');
    expect((await rawRequest(server.port, 'GET', '/data.json', { headers: { accept: 'application/json' } })).text).toBe('not handled');
    expect((await rawRequest(server.port, 'POST', '/lookups/a', { headers: { accept: 'text/html' } })).text).toBe('not handled');
  });

  it('sends lookup routes the page that preloads the lookup page, and every other route index.html', async () => {
    const accept = { headers: { accept: 'text/html' } };
    expect((await rawRequest(server.port, 'GET', '/lookups/l?run', accept)).text).toContain('rel="modulepreload"');
    expect((await rawRequest(server.port, 'GET', '/', accept)).text).not.toContain('modulepreload');
    expect((await rawRequest(server.port, 'GET', '/history', accept)).text).not.toContain('modulepreload');
  });

  it('sends /lookups/<slug> its own page where the build has one, with the query string or not', async () => {
    const accept = { headers: { accept: 'text/html' } };
    for (const path of ['/lookups/i', '/lookups/i?base=EUR'])
      expect((await rawRequest(server.port, 'GET', path, accept)).text).toContain('/assets/i-definition.js');
    // Deeper routes and lookups without a page of their own get the shared lookup page.
    for (const path of ['/lookups/i/compare', '/lookups/i/', '/lookups/l'])
      expect((await rawRequest(server.port, 'GET', path, accept)).text).toContain('/assets/lookup-page.js');
  });

  it('sends every page and file with the app policy, nosniff, no referrer and its own browsing context group', async () => {
    const page = await rawRequest(server.port, 'GET', '/lookups/l', { headers: { accept: 'text/html' } });
    const asset = await rawRequest(server.port, 'GET', '/assets/index-abc123.js');
    const unchanged = await rawRequest(server.port, 'GET', '/favicon.svg', {
      headers: { 'if-none-match': String((await rawRequest(server.port, 'GET', '/favicon.svg')).headers.etag) },
    });
    for (const response of [page, asset, unchanged]) {
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://*.tile.example.org; " +
          "media-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    expect(unchanged.status).toBe(304);
  });

  it('never serves a file outside the build directory', async () => {
    for (const path of [`/../${outside}`, `/%2e%2e/${outside}`, '/%2e%2e/%2e%2e/etc/passwd', '/..%2F..%2Fetc%2Fpasswd', '/assets/%00']) {
      const response = await rawRequest(server.port, 'GET', path, { headers: { accept: 'application/json' } });
      expect(response.text).toBe('not handled');
    }
  });

  it('never serves a dotfile or a dot-folder, such as a build manifest', async () => {
    for (const path of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/.hidden.js']) {
      const response = await rawRequest(server.port, 'GET', path, { headers: { accept: 'application/json' } });
      expect(response.text, path).toBe('not handled');
    }
    expect((await rawRequest(server.port, 'GET', '/assets/index-abc123.js')).status).toBe(200);
  });
});

describe('contentTypeOf', () => {
  it('serves the SQL engine’s WebAssembly as application/wasm, which browsers compile while it downloads', () => {
    expect(contentTypeOf('/assets/duckdb-eh-9ubY.wasm')).toBe('application/wasm');
    expect(contentTypeOf('/assets/duckdb-browser-eh.worker-hQa.js')).toBe('text/javascript; charset=utf-8');
  });
});
