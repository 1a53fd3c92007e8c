// @vitest-environment node
// The answer cache under load and across instances (issue 22, item 8), on the memory store and on
// a real Redis: TWO production servers (createAppServer) share one store and one recording
// upstream that answers slowly, with LOOKUP_MASK=always.
// - 20 identical misses arriving together make one live call and spend one budget unit;
// - the answer varies with Accept-Language, and so does its cache entry;
// - the entry is written before the answer goes out, so the other instance hits at once;
// - a hit says its age in whole seconds;
// - with masking forced, no entry the store was given holds the clear personal data.
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sexOffenders } from '../../lookups/h-sex-offenders.ts';
import { allLookups } from '../../lookups/registry.ts';
import { LOOKUP_CONFIG_PATH, lookupConfigSchema } from '../../lookups/wire.ts';
import { createAppServer } from '../app-server.ts';
import { loadAppConfig } from '../assembly.ts';
import { startUpstream } from '../testing/http-fixtures.ts';
import { parseTeamLimits } from './limits-config.ts';
import { createMemoryStore } from './memory-store.ts';
import { startRedis, type TestRedis } from './redis-for-tests.ts';
import { createRedisStore } from './redis-store.ts';
import type { SharedStore } from './store-types.ts';

const PERSON = 'Zebediah Quartermaine';
const H = sexOffenders.slug;
const records = (name: string) => `/proxy/${H}/v3/sex-offenders/records?name=${encodeURIComponent(name)}`;

/** A store that keeps a copy of every value written to it. */
function recording(store: SharedStore, written: Buffer[]): SharedStore {
  return new Proxy(store, {
    get(target, name: keyof SharedStore) {
      const value = target[name];
      if (name !== 'setBytes') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      return (key: string, bytes: Buffer, ttlMs: number) => (written.push(Buffer.from(bytes)), target.setBytes(key, bytes, ttlMs));
    },
  });
}

for (const kind of ['memory', 'redis'] as const) {
  describe(`the answer cache on the ${kind} store`, () => {
    let redis: TestRedis | undefined;
    let upstream: Awaited<ReturnType<typeof startUpstream>>;
    const servers: Server[] = [];
    const stores: SharedStore[] = [];
    const bases: string[] = [];
    const written: Buffer[] = [];

    beforeAll(async () => {
      upstream = await startUpstream();
      // Slow enough that misses sent together overlap; the answer names the language it was asked in.
      upstream.respond((hit, req, res) => {
        const body = JSON.stringify({
          language: req.headers['accept-language'] ?? 'none',
          sex_offenders: [{ sex_offender_name: PERSON, sex_offender_city: 'Springfield' }],
        });
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), 150);
        return hit;
      });
      const env = {
        LOOKUP_MASK: 'always',
        [`LOOKUP_${sexOffenders.id}_BASE_URL`]: `${upstream.url}/${H}`,
        [`LOOKUP_${sexOffenders.id}_KEY`]: `sharing-${kind}-key`,
        [`LOOKUP_${sexOffenders.id}_BUDGET`]: '100/day',
        [`LOOKUP_${sexOffenders.id}_CACHE_TTL`]: '10m',
      };
      const config = loadAppConfig(env);
      const limits = parseTeamLimits(env, allLookups, config);
      const dist = mkdtempSync(join(tmpdir(), `lookup-cache-sharing-${kind}-`));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
      const memory = kind === 'memory' ? createMemoryStore() : undefined;
      if (kind === 'redis') redis = await startRedis();
      const prefix = `test-cache-sharing-${process.pid}-${Date.now()}:`;
      for (let instance = 0; instance < 2; instance++) {
        const store = recording(memory ?? createRedisStore(redis!.url, { keyPrefix: prefix }), written);
        const server = createAppServer({ config, distDir: dist, store, limits, audit: () => undefined });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        stores.push(store);
        servers.push(server);
        bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      }
    }, 60_000);

    afterAll(async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      if (kind === 'redis') await Promise.all(stores.map((store) => store.close()));
      await upstream?.close();
      await redis?.stop();
    });

    async function get(instance: number, path: string, headers: Record<string, string> = {}) {
      const response = await fetch(bases[instance] + path, { headers });
      return { status: response.status, headers: response.headers, text: await response.text() };
    }

    async function budgetUsed(): Promise<number> {
      const config = lookupConfigSchema.parse(JSON.parse((await get(0, LOOKUP_CONFIG_PATH)).text));
      return config.lookups[sexOffenders.id]!.budget!.lookup!.used;
    }

    it('makes one live call, spending one budget unit, for 20 identical misses sent together', async () => {
      const hitsBefore = upstream.hits.length;
      const usedBefore = await budgetUsed();
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(0, records('Coalesced'))));
      expect(upstream.hits.length - hitsBefore).toBe(1);
      expect((await budgetUsed()) - usedBefore).toBe(1);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers.get('x-lookup-cache') === 'miss')).toHaveLength(1);
      expect(answers.every((answer) => answer.headers.get('x-lookup-masked') === 'true')).toBe(true);
    });

    it('keys the answer by Accept-Language: one language’s answer is never another’s', async () => {
      const hitsBefore = upstream.hits.length;
      const french = await get(0, records('Polyglot'), { 'accept-language': 'fr-FR' });
      const german = await get(0, records('Polyglot'), { 'accept-language': 'de-DE' });
      expect(JSON.parse(french.text).language).toBe('fr-FR');
      expect(JSON.parse(german.text).language).toBe('de-DE');
      expect(german.headers.get('x-lookup-cache')).toBe('miss');
      const frenchAgain = await get(1, records('Polyglot'), { 'accept-language': 'fr-FR' });
      expect(frenchAgain.headers.get('x-lookup-cache')).toBe('hit');
      expect(JSON.parse(frenchAgain.text).language).toBe('fr-FR');
      expect(upstream.hits.length - hitsBefore).toBe(2);
    });

    it('writes the entry before answering, so the other instance hits at once, and says the age', async () => {
      const first = await get(0, records('Shared'));
      expect(first.headers.get('x-lookup-cache')).toBe('miss');
      expect(first.headers.get('age')).toBeNull();
      const second = await get(1, records('Shared'));
      expect(second.headers.get('x-lookup-cache')).toBe('hit');
      expect(second.text).toBe(first.text);
      expect(second.headers.get('age')).toMatch(/^\d+$/);
      expect(Number(second.headers.get('age'))).toBeLessThan(5);
    });

    it('keeps no clear personal data in the store when masking is forced, even for a request asking for it', async () => {
      const unmasked = await get(0, records('Forced'), { 'x-lookup-mask': 'off' });
      expect(unmasked.headers.get('x-lookup-masked')).toBe('true');
      expect(unmasked.text).not.toContain(PERSON);
      const again = await get(1, records('Forced'), { 'x-lookup-mask': 'off' });
      expect(again.headers.get('x-lookup-cache')).toBe('hit');
      expect(again.text).not.toContain(PERSON);
      expect(written.length).toBeGreaterThanOrEqual(4);
      for (const entry of written) expect(entry.toString('utf8')).not.toContain('Zebediah');
    });
  });
}
