// @vitest-environment node
// Spent budgets and a Redis restart (issue 22): production servers (createAppServer) against a real
// redis-server and a recording upstream. Started from the project's deploy/redis.conf (append-only
// file) in a folder of the test's, a SHUTDOWN and start keeps the spent budget spent, for the server
// that ran through it and for one started afterwards. Restarted without persistence (the data
// gone), the servers refuse budgeted calls with 503 budget_store_reset, while calls without a budget
// and demo answers go on, until `npm run confirm-budget-reset` runs; then budgets count again.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { movie } from '../../lookups/a-movie.ts';
import { currencyTimeseries } from '../../lookups/i-currency-timeseries.ts';
import { sexOffenders } from '../../lookups/h-sex-offenders.ts';
import { allLookups } from '../../lookups/registry.ts';
import { loadAppConfig } from '../assembly.ts';
import { createAppServer } from '../app-server.ts';
import { startUpstream } from '../testing/http-fixtures.ts';
import type { AuditEntry } from './audit-log.ts';
import { parseTeamLimits } from './limits-config.ts';
import { startRedis, type TestRedis } from './redis-for-tests.ts';
import { createRedisStore } from './redis-store.ts';
import type { SharedStore } from './store-types.ts';
import { partLog } from '../server-log.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REDIS_CONF = join(ROOT, 'deploy/redis.conf');
const BUDGET = 3;
const budgeted = currencyTimeseries;
const unbudgeted = sexOffenders;
const series = (day: number) =>
  `/proxy/${budgeted.slug}/api/timeseries?start_date=2024-01-${String(day).padStart(2, '0')}&end_date=2024-01-31&base=EUR`;
const RECORDS = `/proxy/${unbudgeted.slug}/v3/sex-offenders/records?name=Smith`;
const DEMO = `/proxy/${movie.slug}/movie/550`;

const env = {
  [`LOOKUP_${budgeted.id}_BUDGET`]: `${BUDGET}/month`,
  [`LOOKUP_${budgeted.id}_KEY`]: 'budgeted-key',
  [`LOOKUP_${unbudgeted.id}_KEY`]: 'unbudgeted-key',
};

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let dist: string;
const redisDirs: string[] = [];
let redis: TestRedis | undefined;
const stores: SharedStore[] = [];
const servers: Server[] = [];
const audit: AuditEntry[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  upstream.respond((hit, _req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(hit.url.startsWith(`/${budgeted.slug}/`) ? '{"success":true,"rates":{}}' : '{"sex_offenders":[]}'),
  );
  env[`LOOKUP_${budgeted.id}_BASE_URL`] = `${upstream.url}/${budgeted.slug}`;
  env[`LOOKUP_${unbudgeted.id}_BASE_URL`] = `${upstream.url}/${unbudgeted.slug}`;
  dist = mkdtempSync(join(tmpdir(), 'lookup-budget-restart-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
}, 60_000);

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await redis?.stop();
  redis = undefined;
  audit.length = 0;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await upstream?.close();
  for (const dir of [dist, ...redisDirs]) rmSync(dir, { recursive: true, force: true });
});

/** One server process of the team, on the default key prefix (the operator's command uses it too). */
async function startTeamServer(url: string): Promise<string> {
  const config = loadAppConfig(env);
  const store = createRedisStore(url, { log: () => undefined });
  const server = createAppServer({
    config,
    distDir: dist,
    store,
    limits: parseTeamLimits(env, allLookups, config),
    audit: (entry) => audit.push(entry),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stores.push(store);
  servers.push(server);
  // Until the ledger's marker is in Redis the server has not finished starting (it is written at start).
  const reader = createRedisStore(url, { log: () => undefined });
  try {
    await expect.poll(() => reader.getText('budgets:ledger'), { timeout: 10_000, interval: 20 }).toBeDefined();
  } finally {
    await reader.close();
  }
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function get(url: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status === 200) return { status: 200 };
  return { status: response.status, code: (JSON.parse(text) as { error: { code: string } }).error.code };
}

/** Until every store answers again after a restart (ioredis reconnects by itself). */
async function reconnected(): Promise<void> {
  for (const store of stores) await expect.poll(() => store.ping(), { timeout: 10_000, interval: 50 }).toBe(true);
}

const budgetedHits = () => upstream.hits.filter((hit) => hit.url.startsWith(`/${budgeted.slug}/`)).length;

describe('a Redis restart', () => {
  it('keeps a spent budget spent when Redis keeps an append-only file (deploy/redis.conf)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-redis-aof-'));
    redisDirs.push(dir);
    redis = await startRedis({ configFile: REDIS_CONF, dir });
    const base = await startTeamServer(redis.url);
    const before = budgetedHits();
    const spent = [];
    for (let day = 1; day <= BUDGET + 1; day++) spent.push((await get(base + series(day))).status);
    expect(spent).toEqual([...Array<number>(BUDGET).fill(200), 429]);

    await redis.shutdown();
    await redis.restart();
    await reconnected();

    expect(await get(base + series(10))).toEqual({ status: 429, code: 'budget_exhausted' });
    // A server started after the restart (no memory of the budget) finds it spent as well.
    const later = await startTeamServer(redis.url);
    expect(await get(later + series(11))).toEqual({ status: 429, code: 'budget_exhausted' });
    expect(budgetedHits() - before).toBe(BUDGET);
  });

  it('refuses budgeted calls when Redis restarted without its data, until an operator confirms', async () => {
    const said = vi.spyOn(partLog('team'), 'error').mockImplementation(() => undefined);
    redis = await startRedis();
    const base = await startTeamServer(redis.url);
    const before = budgetedHits();
    expect((await get(base + series(1))).status).toBe(200);
    expect((await get(base + series(2))).status).toBe(200);

    // Killed and started again with nothing saved: every counter and the ledger's marker are gone.
    await redis.stop();
    await redis.restart();
    await reconnected();

    expect(await get(base + series(3))).toEqual({ status: 503, code: 'budget_store_reset' });
    expect(await get(base + series(4))).toEqual({ status: 503, code: 'budget_store_reset' });
    expect(budgetedHits() - before).toBe(2);
    // Said loudly, once.
    expect(said.mock.calls.filter(([message]) => String(message).includes('BUDGETS REFUSED'))).toHaveLength(1);
    // Calls without a budget and demo answers are not affected.
    expect(await get(base + RECORDS)).toEqual({ status: 200 });
    expect(await get(base + DEMO)).toEqual({ status: 200 });
    // A server started now refuses too: the loss is written in Redis, not only remembered.
    const later = await startTeamServer(redis.url);
    expect(await get(later + series(5))).toEqual({ status: 503, code: 'budget_store_reset' });
    expect(audit).toContainEqual(
      expect.objectContaining({ lookup: budgeted.id, status: 503, source: 'proxy', code: 'budget_store_reset' }),
    );

    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'confirm-budget-reset'], {
      cwd: ROOT,
      env: { ...process.env, LOOKUP_REDIS_URL: redis.url },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^Confirmed/);

    // Budgets count again from what Redis holds (nothing): the full budget, on both servers.
    const after = [];
    for (let day = 6; day <= 6 + BUDGET; day++) after.push(await get((day % 2 ? base : later) + series(day)));
    expect(after).toEqual([...Array(BUDGET).fill({ status: 200 }), { status: 429, code: 'budget_exhausted' }]);
    expect(budgetedHits() - before).toBe(2 + BUDGET);
  }, 90_000);
});
