// @vitest-environment node
// Budgets and the answer cache across instances: TWO production servers (createAppServer) against
// ONE real Redis and one recording upstream. A budget of N is honoured across both (the N+1th call
// is refused whichever instance gets it, and the provider saw exactly N); an answer cached through
// one is a hit on the other (the provider saw one request).
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyTimeseries } from '../../lookups/i-currency-timeseries.ts';
import { allLookups } from '../../lookups/registry.ts';
import { loadAppConfig } from '../assembly.ts';
import { createAppServer } from '../app-server.ts';
import { startUpstream } from '../testing/http-fixtures.ts';
import { parseTeamLimits } from './limits-config.ts';
import { startRedis, type TestRedis } from './redis-for-tests.ts';
import { createRedisStore } from './redis-store.ts';
import type { SharedStore } from './store-types.ts';

const BUDGET = 4;
const lookup = currencyTimeseries;
const series = (day: number) =>
  `/proxy/${lookup.slug}/api/timeseries?start_date=2024-01-${String(day).padStart(2, '0')}&end_date=2024-01-31&base=EUR`;

let redis: TestRedis;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
const stores: SharedStore[] = [];
const servers: Server[] = [];
const bases: string[] = [];
let prefix: string;

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startUpstream();
  upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"rates":{}}'));
  const env = {
    [`LOOKUP_${lookup.id}_BASE_URL`]: `${upstream.url}/${lookup.slug}`,
    [`LOOKUP_${lookup.id}_KEY`]: 'redis-test-key',
    [`LOOKUP_${lookup.id}_BUDGET`]: `${BUDGET}/day`,
    [`LOOKUP_${lookup.id}_CACHE_TTL`]: '10m',
    [`LOOKUP_${lookup.id}_RATE`]: '1000/s',
  };
  const config = loadAppConfig(env);
  const limits = parseTeamLimits(env, allLookups, config);
  const dist = mkdtempSync(join(tmpdir(), 'lookup-team-redis-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  prefix = `test-limits-${process.pid}-${Date.now()}:`;
  for (let instance = 0; instance < 2; instance++) {
    const store = createRedisStore(redis.url, { keyPrefix: prefix });
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
  await Promise.all(stores.map((store) => store.close()));
  await upstream?.close();
  await redis?.stop();
});

describe('two instances, one Redis', () => {
  it('an answer cached through one instance is a hit on the other', async () => {
    const before = upstream.hits.length;
    const first = await fetch(bases[0] + series(1));
    expect(first.headers.get('x-lookup-cache')).toBe('miss');
    await first.text();
    // The entry is written as the answer goes out: wait until Redis holds it (a fixed pause is too
    // short on a busy machine, and the second request would be a miss).
    const reader = new Redis(redis.url);
    try {
      await expect
        .poll(() => reader.keys(`${prefix}cache:${lookup.id}:*`).then((keys) => keys.length), { timeout: 10_000, interval: 20 })
        .toBe(1);
    } finally {
      reader.disconnect();
    }
    const second = await fetch(bases[1] + series(1));
    expect(second.status).toBe(200);
    expect(second.headers.get('x-lookup-cache')).toBe('hit');
    expect(await second.text()).toBe('{"success":true,"rates":{}}');
    expect(upstream.hits.length - before).toBe(1);
  });

  it(`honours a budget of ${BUDGET} across both: the next call is refused whichever instance gets it`, async () => {
    const before = upstream.hits.length;
    // One call has been spent above; the rest alternate between the instances.
    const statuses: number[] = [];
    for (let call = 2; call <= BUDGET + 2; call++) {
      const response = await fetch(bases[call % 2]! + series(call));
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses).toEqual([...Array<number>(BUDGET - 1).fill(200), 429, 429]);
    expect(upstream.hits.length - before).toBe(BUDGET - 1);
    const refusedOnOther = await fetch(bases[1]! + series(20), { headers: { 'cache-control': 'no-cache' } });
    expect(refusedOnOther.status).toBe(429);
    expect(((await refusedOnOther.json()) as { error: { code: string } }).error.code).toBe('budget_exhausted');
    expect(upstream.hits.length - before).toBe(BUDGET - 1);
    expect(upstream.hits.length).toBe(BUDGET);
  });
});
