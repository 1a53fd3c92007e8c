// @vitest-environment node
// The production server as several processes (LOOKUP_WORKERS): how the count is read, and the real
// start.ts clustered on a free port: /healthz and a proxied demo answer from it, one masking secret
// for all processes, the workers' request log on the shared stdout, and SIGTERM ending it cleanly
// after the request in flight.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allLookups, lookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl } from '../lookups/wire.ts';
import { largeCallsQuery } from '../demo/m-calls-for-service.ts';
import { ConfigError } from './config.ts';
import { serverProcessCount } from './server-processes.ts';
import { rawRequest } from './testing/http-fixtures.ts';
import { freePort } from './testing/free-port.ts';

describe('LOOKUP_WORKERS', () => {
  it('is one process unless set, auto is one per core, and anything else is refused by name', () => {
    expect(serverProcessCount(undefined, 8)).toBe(1);
    expect(serverProcessCount('', 8)).toBe(1);
    expect(serverProcessCount('auto', 2)).toBe(2);
    expect(serverProcessCount(' AUTO ', 8)).toBe(8);
    expect(serverProcessCount('3', 2)).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two', '65', '2x']) {
      expect(() => serverProcessCount(bad, 2)).toThrow(ConfigError);
      expect(() => serverProcessCount(bad, 2)).toThrow(/^LOOKUP_WORKERS must be auto or a whole number from 1 to 64$/);
    }
  });
});

describe('the clustered production server', () => {
  const dist = mkdtempSync(join(tmpdir(), 'lookup-cluster-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers from two processes, logs their requests, and ends on SIGTERM after the answer in flight', async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>cluster test</title>');
    const port = await freePort();
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LOOKUP_')));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
      // B live (never asked here) so that an unset LOOKUP_MASK_SECRET is worth a warning (config.ts).
      env: {
        ...env,
        LOOKUP_WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: dist,
        LOOKUP_B_BASE_URL: 'http://127.0.0.1:9',
        LOOKUP_B_KEY: 'cluster-test-key',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await expect
      .poll(() => output, { timeout: 60_000, interval: 200 })
      .toContain(`Lookup Explorer on http://127.0.0.1:${port}/ (1 live, ${allLookups.length - 1} demo lookups; 2 server processes)`);
    const health = await rawRequest(port, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok', lookups: { A: 'demo' } });
    const movie = await rawRequest(port, 'GET', '/proxy/a/movie/550');
    expect(movie.status).toBe(200);
    expect(movie.headers['x-lookup-source']).toBe('demo');
    expect(JSON.parse(movie.text)).toHaveProperty('id', 550);

    // Masking's pseudonyms: no LOOKUP_MASK_SECRET, so the primary made one, said so once, and handed
    // it to both processes: whichever answers (four connections at once, taken in turn), a person
    // has the same pseudonym.
    expect(output.match(/LOOKUP_MASK_SECRET is not set/g)).toHaveLength(1);
    const H = lookups.H;
    const offendersPath = proxyUrl(H, buildRequest(H.operations[0], H.operations[0].params.parse({ zipcode: '62701' })));
    const masked = await Promise.all(Array.from({ length: 4 }, () => rawRequest(port, 'GET', offendersPath)));
    expect(masked.map((answer) => answer.headers['x-lookup-masked'])).toEqual(['true', 'true', 'true', 'true']);
    expect(masked[0]!.text).toMatch(/"sex_offender_name":"Person [0-9a-z]{12}"/);
    expect(new Set(masked.map((answer) => answer.text)).size).toBe(1);

    // An answer that takes a while (M's 10,000 calls, never asked before), then SIGTERM while it is computed.
    const M = lookups.M;
    const operation = M.operations[0];
    const heavyPath = proxyUrl(
      M,
      buildRequest(operation, operation.params.parse({ ...largeCallsQuery, datetime_end: '2024-04-04T23:59:57.321Z' })),
    );
    const heavy = rawRequest(port, 'GET', heavyPath);
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill('SIGTERM');
    const answer = await heavy;
    expect(answer.status).toBe(200);
    expect(answer.headers['x-lookup-masked']).toBe('true');
    expect(answer.text.length).toBeGreaterThan(4_000_000);
    expect(await exited).toBe(0);
    await expect(rawRequest(port, 'GET', '/healthz')).rejects.toThrow();
    // Both processes' lines reach the one stdout, whole: every log line is one JSON object.
    const requests = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { part?: string; msg?: string })
      .filter((record) => record.part === 'proxy')
      .map((record) => record.msg);
    expect(requests).toContainEqual(expect.stringMatching(/^GET \/proxy\/a\/movie\/550 200 \d+ms$/));
    expect(requests).toContainEqual(expect.stringMatching(/^GET \/proxy\/m\/v3\/calls-for-service\/raw-data 200 \d+ms$/));
  }, 120_000);
});
