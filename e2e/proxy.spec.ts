// Every lookup and operation of the registry through the production server's proxy, on demo data:
// the definition's example builds the request exactly as the app does, and the answer must meet
// the operation's own response schema with records the records adapter can find.
import { expect, test } from './fixtures.ts';
import type { Params } from '../src/lookups/define-lookup.ts';
import { allLookups } from '../src/lookups/registry.ts';
import { buildRequest, requestTarget } from '../src/lookups/request.ts';
import { fromXml } from '../src/lookups/xml.ts';

for (const lookup of allLookups) {
  for (const operation of lookup.operations) {
    test(`${lookup.id} ${operation.id}: ${operation.method} ${operation.path} answers from the demo`, async ({ request }) => {
      const built = buildRequest(operation, operation.params.parse(operation.example) as Params);
      const url = `/proxy/${lookup.slug}${requestTarget(built)}`;
      // Unmasked: this checks the demo against the spec, and a masked number is the marker "masked".
      const response = await request.fetch(url, {
        method: built.method,
        headers: { 'x-lookup-mask': 'off' },
        ...(built.body && { data: built.body }),
      });
      expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
      expect(response.headers()['x-lookup-source']).toBe('demo');
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(response.headers()['server-timing']).toMatch(/^upstream;dur=/);

      const text = await response.text();
      const body = operation.format === 'xml' ? fromXml(text, operation) : JSON.parse(text);
      if (operation.format === 'xml') expect(response.headers()['content-type']).toContain('xml');
      const checked = operation.response.safeParse(body);
      expect(checked.success, checked.success ? '' : JSON.stringify(checked.error.issues.slice(0, 3))).toBe(true);
      if (operation.adapters?.records) expect(operation.adapters.records(body)?.length ?? 0).toBeGreaterThan(0);
    });
  }
}

test('the proxy refuses what the spec does not allow, before any upstream', async ({ request }) => {
  const unknown = await request.get('/proxy/zz/anything');
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.code).toBe('unknown_lookup');

  const wrongMethod = await request.post('/proxy/a/movie/550');
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toBe('GET');

  const invalid = await request.get('/proxy/a/movie/abc');
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).error.fields.movie_id).toBe('movie_id must be a whole number');

  const health = await request.get('/healthz');
  const modes = (await health.json()).lookups as Record<string, string>;
  expect(Object.keys(modes)).toHaveLength(allLookups.length);
  expect(new Set(Object.values(modes))).toEqual(new Set(['demo']));
});
