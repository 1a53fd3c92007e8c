// @vitest-environment node
// Budgets, the answer cache, the rate queue, the audit log and /metrics end to end over HTTP, on
// the production stack (createAppServer) with the in-process store and a recording upstream:
// what the browser gets, what reached the provider, and what the audit log says (and never says).
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currencyTimeseries } from '../../lookups/i-currency-timeseries.ts';
import { sexOffenders } from '../../lookups/h-sex-offenders.ts';
import { LOOKUP_CONFIG_PATH, lookupConfigSchema } from '../../lookups/wire.ts';
import { allLookups } from '../../lookups/registry.ts';
import { loadAppConfig } from '../assembly.ts';
import { createAppServer } from '../app-server.ts';
import { startUpstream } from '../testing/http-fixtures.ts';
import type { AuditEntry } from './audit-log.ts';
import { parseTeamLimits } from './limits-config.ts';
import { createMemoryStore } from './memory-store.ts';
import type { SharedStore } from './store-types.ts';
import { StoreUnavailableError } from './store-errors.ts';

const H_KEY = 'h-secret-KEY-9f8e7d';
const I_KEY = 'i-secret-KEY-1a2b3c';
const PERSON = 'Zebediah Quartermaine';
const H = sexOffenders.slug;
const I = currencyTimeseries.slug;
const H_RECORDS = `/proxy/${H}/v3/sex-offenders/records?name=${encodeURIComponent(PERSON)}`;
const I_SERIES = `/proxy/${I}/api/timeseries?start_date=2024-01-01&end_date=2024-01-31&base=EUR`;
const H_BODY = JSON.stringify({ sex_offenders: [{ sex_offender_name: PERSON, sex_offender_city: 'Springfield' }] });

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let server: Server;
let base: string;
let store: SharedStore;
let storeDown = false;
/** The store methods called, in order (the switchable store records them). */
const storeCalls: string[] = [];
const audit: AuditEntry[] = [];
let iBody = '{"success":true,"rates":{}}';

beforeAll(async () => {
  upstream = await startUpstream();
  upstream.respond((hit, _req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(hit.url.startsWith(`/${H}/`) ? H_BODY : iBody);
  });
  const env = {
    [`LOOKUP_${sexOffenders.id}_BASE_URL`]: `${upstream.url}/${H}`,
    [`LOOKUP_${sexOffenders.id}_KEY`]: H_KEY,
    [`LOOKUP_${sexOffenders.id}_BUDGET`]: '4/day',
    [`LOOKUP_${sexOffenders.id}_CACHE_TTL`]: '10m',
    [`LOOKUP_${currencyTimeseries.id}_BASE_URL`]: `${upstream.url}/${I}`,
    [`LOOKUP_${currencyTimeseries.id}_KEY`]: I_KEY,
    [`LOOKUP_${currencyTimeseries.id}_CACHE_TTL`]: '1h',
    [`LOOKUP_${currencyTimeseries.id}_CONCURRENCY`]: '1',
    [`LOOKUP_${currencyTimeseries.id}_QUEUE`]: '0',
  };
  const config = loadAppConfig(env);
  const memory = createMemoryStore();
  // A store that can be switched off, as Redis going away.
  store = new Proxy(memory, {
    get(target, name: keyof SharedStore) {
      const value = target[name];
      if (typeof value !== 'function' || name === 'close') return value;
      return (...args: unknown[]) => (
        storeCalls.push(name),
        storeDown ? Promise.reject(new StoreUnavailableError()) : (value as (...a: unknown[]) => unknown).apply(target, args)
      );
    },
  });
  const dist = mkdtempSync(join(tmpdir(), 'lookup-team-limits-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
  server = createAppServer({
    config,
    distDir: dist,
    store,
    limits: parseTeamLimits(env, allLookups, config),
    audit: (entry) => audit.push(entry),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await upstream.close();
});

beforeEach(() => {
  storeDown = false;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

describe('the answer cache and budgets', () => {
  it('serves a repeated question from the cache, masked, free of the budget, and says how old it is', async () => {
    const hitsBefore = upstream.hits.length;
    const first = await get(H_RECORDS);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-lookup-cache')).toBe('miss');
    expect(first.text).not.toContain(PERSON);

    const second = await get(H_RECORDS);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-lookup-cache')).toBe('hit');
    expect(second.headers.get('x-lookup-source')).toBe('live');
    // A real number of seconds (Number(null) would be 0 too).
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(first.headers.get('age')).toBeNull();
    // Masked and unmasked are stored apart, each as the browser gets it: unmasked is its own miss, then a hit.
    expect(second.headers.get('x-lookup-masked')).toBe('true');
    expect(second.text).toBe(first.text);
    expect(upstream.hits.length - hitsBefore).toBe(1);
    const unmasked = await get(H_RECORDS, { 'x-lookup-mask': 'off' });
    expect(unmasked.headers.get('x-lookup-cache')).toBe('miss');
    expect(unmasked.text).toContain(PERSON);
    const unmaskedAgain = await get(H_RECORDS, { 'x-lookup-mask': 'off' });
    expect(unmaskedAgain.headers.get('x-lookup-cache')).toBe('hit');
    expect(unmaskedAgain.headers.get('x-lookup-masked')).toBe('false');
    expect(unmaskedAgain.text).toContain(PERSON);
    expect(upstream.hits.length - hitsBefore).toBe(2);

    const config = lookupConfigSchema.parse((await get(LOOKUP_CONFIG_PATH)).json());
    expect(config.lookups[sexOffenders.id]!.budget?.lookup).toMatchObject({ limit: 4, period: 'day', used: 2, left: 2 });
  });

  it('Cache-Control: no-cache fetches fresh and counts against the budget; a spent budget is 429 with the reset time and nothing is sent', async () => {
    const hitsBefore = upstream.hits.length;
    expect((await get(H_RECORDS, { 'cache-control': 'no-cache' })).headers.get('x-lookup-cache')).toBe('bypass');
    expect((await get(`${H_RECORDS}x`)).status).toBe(200);
    expect(upstream.hits.length - hitsBefore).toBe(2);

    const askedAt = Date.now();
    const refused = await get(`${H_RECORDS}y`);
    const answeredAt = Date.now();
    expect(refused.status).toBe(429);
    const error = refused.json().error as Record<string, unknown>;
    expect(error).toMatchObject({ code: 'budget_exhausted', origin: 'proxy' });
    const resetsAt = Date.parse(error.resetsAt as string);
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(resetsAt).toBe(tomorrow.getTime());
    // The seconds to the reset, as the server counted them at some moment while answering (a
    // second's boundary can fall between that moment and the test's own clock reading).
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((resetsAt - answeredAt) / 1000) || 1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((resetsAt - askedAt) / 1000) || 1);
    expect(upstream.hits.length - hitsBefore).toBe(2);
    // A cached answer is still free.
    expect((await get(H_RECORDS)).status).toBe(200);

    const config = lookupConfigSchema.parse((await get(LOOKUP_CONFIG_PATH)).json());
    expect(config.lookups[sexOffenders.id]!.budget?.lookup).toMatchObject({ used: 4, left: 0, resetsAt: new Date(resetsAt).toISOString() });
  });

  it('caches only answers whose body says success', async () => {
    const hitsBefore = upstream.hits.length;
    iBody = '{"success":false,"error":{"code":104,"info":"quota reached"}}';
    expect((await get(I_SERIES)).headers.get('x-lookup-cache')).toBe('miss');
    expect((await get(I_SERIES)).headers.get('x-lookup-cache')).toBe('miss');
    iBody = '{"success":true,"rates":{}}';
    await get(I_SERIES);
    expect((await get(I_SERIES)).headers.get('x-lookup-cache')).toBe('hit');
    expect(upstream.hits.length - hitsBefore).toBe(3);
  });

  it('fails closed when the store does not answer: 503, nothing sent upstream', async () => {
    const hitsBefore = upstream.hits.length;
    storeDown = true;
    const refused = await get(`${H_RECORDS}z`);
    expect(refused.status).toBe(503);
    expect((refused.json().error as Record<string, unknown>).code).toBe('store_unavailable');
    expect(upstream.hits.length).toBe(hitsBefore);
  });

  it('asks the store nothing a request must wait for when its lookup has no budget or rate and the cache is skipped', async () => {
    const hitsBefore = upstream.hits.length;
    storeDown = true;
    storeCalls.length = 0;
    const fresh = await get(`${I_SERIES}&symbols=CHF`, { 'cache-control': 'no-cache' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-lookup-cache')).toBe('bypass');
    expect(upstream.hits.length - hitsBefore).toBe(1);
    // Only the cache write after the answer, which nothing waits for (and which fails quietly here).
    await expect.poll(() => storeCalls, { timeout: 10_000 }).toEqual(['setBytes']);
  });

  it('refuses with 429 and Retry-After when the concurrency is taken and the queue is full', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    upstream.respond(async (hit, _req, res) => {
      if (hit.url.startsWith(`/${I}/`)) await held;
      res.writeHead(200, { 'content-type': 'application/json' }).end(hit.url.startsWith(`/${H}/`) ? H_BODY : iBody);
    });
    const hitsBefore = upstream.hits.length;
    const slow = get(`${I_SERIES}&symbols=USD`);
    // It holds the only slot once the provider has it (a fixed pause can be too short on a busy machine).
    await expect
      .poll(() => upstream.hits.slice(hitsBefore).some((hit) => hit.url.includes('symbols=USD')), { timeout: 10_000, interval: 10 })
      .toBe(true);
    const refused = await get(`${I_SERIES}&symbols=GBP`);
    expect(refused.status).toBe(429);
    expect((refused.json().error as Record<string, unknown>).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    release();
    expect((await slow).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('has one line per proxied request, never a parameter value or a key', async () => {
    // A line is written when its connection closes, a moment after the client read the answer.
    await vi.waitFor(() => expect(audit.some((entry) => entry.source === 'live' && entry.budgetLeft === 3)).toBe(true));
    const lines = audit.map((entry) => JSON.stringify(entry)).join('\n');
    expect(audit.length).toBeGreaterThanOrEqual(10);
    for (const secret of [H_KEY, I_KEY, PERSON, encodeURIComponent(PERSON), 'Zebediah', 'EUR', '2024-01-01'])
      expect(lines).not.toContain(secret);
    const sources = new Set(audit.map((entry) => entry.source));
    expect(sources).toEqual(new Set(['live', 'cache', 'proxy']));
    const hit = audit.find((entry) => entry.source === 'cache')!;
    expect(hit).toMatchObject({ user: 'local', lookup: sexOffenders.id, operation: 'records', status: 200, method: 'GET' });
    expect(hit.paramsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hit.bytes).toBeGreaterThan(0);
    const live = audit.find((entry) => entry.source === 'live' && entry.lookup === sexOffenders.id)!;
    expect(live.budgetLeft).toBe(3);
    expect(live.paramsHash).toBe(hit.paramsHash);
  });
});

describe('/metrics', () => {
  it('reports requests, cache results, the budget left and the queue, in Prometheus text', async () => {
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(metrics.text).toMatch(
      new RegExp(`lookup_proxy_requests_total\\{lookup="${sexOffenders.id}",source="cache",status="200"\\} [1-9]`),
    );
    expect(metrics.text).toMatch(new RegExp(`lookup_cache_requests_total\\{lookup="${sexOffenders.id}",result="hit"\\} [1-9]`));
    expect(metrics.text).toContain(`lookup_budget_remaining{lookup="${sexOffenders.id}",period="day"} 0`);
    expect(metrics.text).toContain(`lookup_queue_length{lookup="${currencyTimeseries.id}"} 0`);
    expect(metrics.text).toMatch(/lookup_upstream_duration_seconds_bucket\{le="0.1",lookup="/);
    expect(metrics.text).not.toContain(H_KEY);
  });
});
