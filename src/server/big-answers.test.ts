// @vitest-environment node
// Answers of any size through the proxy (issue 23): a 60 MB answer streams (the browser has its
// first bytes before the provider sends its last, and every byte arrives, the key scrubbed on the
// way), the cap's two errors (declared: a JSON envelope saying sizes and LOOKUP_MAX_BYTES; found
// while streaming: a cut connection, which a fetch reports as an error), a large masked answer is
// masked on a worker thread while the server answers other requests, and the answer cache is
// handed only answers it may keep (a larger one streams, uncached).
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import { crimeIncidents } from '../lookups/l-crime-incidents.ts';
import { allLookups } from '../lookups/registry.ts';
import { errorEnvelopeSchema } from '../lookups/wire.ts';
import { createAppServer } from './app-server.ts';
import { parseServerConfig, type ServerConfig } from './config.ts';
import { KEY_PLACEHOLDER } from './key-scrubber.ts';
import { createLookupHandler } from './lookup-handler.ts';
import { closeMaskPool, createMaskPool, maskPool, offThreadMasking, OFF_THREAD_BYTES, type MaskPool } from './mask-pool.ts';
import { closeMaskStreamPool, startMaskStreamPool } from './mask-stream-pool.ts';
import { maskingTransform, personalDataMasking, unmaskedAllowed } from './masking-transform.ts';
import { createProxyHandler, MAX_KEPT_BYTES } from './proxy-handler.ts';
import { addressOf, incidentsBody, INCIDENTS_PATH, readStreamed, sha256, writeInChunks } from './testing/big-answer.ts';
import { rawRequest, serveHandler, startUpstream, type RunningServer } from './testing/http-fixtures.ts';
import { parseTeamLimits } from './team/limits-config.ts';
import { createMemoryStore } from './team/memory-store.ts';
import type { SharedStore } from './team/store-types.ts';

// A key with characters that encode differently in URLs and JSON.
const KEY = 'k3y/Secret+value&x=1';
const MiB = 1024 * 1024;
const lookups = [movie, crimeIncidents];
const L_OPERATION = crimeIncidents.operations[0];

let upstream: Awaited<ReturnType<typeof startUpstream>>;
const servers: RunningServer[] = [];

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOOKUP_A_BASE_URL: `${upstream.url}/a`,
    LOOKUP_A_KEY: KEY,
    LOOKUP_L_BASE_URL: `${upstream.url}/l`,
    LOOKUP_L_KEY: KEY,
    // A 60 MB answer on a busy machine: the whole exchange may take a while.
    LOOKUP_TIMEOUT_MS: '120000',
    ...extra,
  };
}

async function proxyWith(config: ServerConfig): Promise<RunningServer> {
  const server = await serveHandler(
    createLookupHandler({ lookups, generators: {}, config, openApiDocument: () => ({}), log: () => undefined }),
  );
  servers.push(server);
  return server;
}

/** Resolves when `promise` does, or after `ms` (then `late` is set): a wait that cannot hang a test. */
function boundedWait(promise: Promise<unknown>, ms: number): Promise<void> & { late?: boolean } {
  let timer: NodeJS.Timeout | undefined;
  const waited: Promise<void> & { late?: boolean } = Promise.race([
    promise.then(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(() => ((waited.late = true), resolve()), ms))),
  ]).finally(() => clearTimeout(timer));
  return waited;
}

/**
 * Has the upstream write `body` in 1 MiB slices, holding the last one until the browser has its
 * first bytes (a bounded wait: a proxy that read the whole body before answering makes it give up),
 * then reads `url`. `order` says which came first.
 */
async function streamThrough(
  url: string,
  body: Buffer,
  options: { declared?: boolean; headers?: Record<string, string>; keep?: boolean } = {},
) {
  const order: string[] = [];
  let firstBytes!: () => void;
  const browserHasBytes = new Promise<void>((resolve) => (firstBytes = resolve));
  upstream.respond((_hit, _req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(options.declared && { 'content-length': String(body.length) }) });
    void writeInChunks(res, body, MiB, async () => {
      await boundedWait(browserHasBytes, 30_000);
      order.push('the provider sends its last bytes');
    });
  });
  const answer = await readStreamed(url, {
    ...(options.headers && { headers: options.headers }),
    ...(options.keep && { keep: true }),
    onFirstBytes: () => {
      order.push('the browser has its first bytes');
      firstBytes();
    },
  });
  return { order, answer };
}

const FIRST_BYTES_FIRST = ['the browser has its first bytes', 'the provider sends its last bytes'];

beforeAll(async () => {
  upstream = await startUpstream();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await upstream.close();
  await closeMaskPool();
});

describe('a large answer streams through the proxy', () => {
  it('hands the browser its first bytes before the provider sends its last, and every byte, the key scrubbed', async () => {
    // About 60 MB (100,000 records of L), echoing the key now and then, as a provider echoing its URL would.
    const body = incidentsBody(95_000, (i) => (i % 20_000 === 7 ? KEY : undefined));
    expect(body.length).toBeGreaterThan(56 * 1000 * 1000);
    const expected = Buffer.from(body.toString('utf8').replaceAll(KEY, KEY_PLACEHOLDER));
    const proxy = await proxyWith(parseServerConfig(env(), lookups));
    // L has personal data: a request that may have it unmasked gets it streamed, not read whole.
    const { order, answer } = await streamThrough(proxy.url + INCIDENTS_PATH, body, { headers: { 'x-lookup-mask': 'off' } });
    expect(order).toEqual(FIRST_BYTES_FIRST);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-lookup-masked']).toBe('false');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.bytes).toBe(expected.length);
    expect(answer.sha256).toBe(sha256(expected));
    expect(upstream.hits.at(-1)!.url).toContain(`api_key=${encodeURIComponent(KEY)}`);
  }, 180_000);
});

describe('the size cap (LOOKUP_MAX_BYTES)', () => {
  let proxy: RunningServer;
  beforeAll(async () => {
    proxy = await proxyWith(parseServerConfig(env({ LOOKUP_MAX_BYTES: String(MiB) }), lookups));
  });

  it('refuses an answer declared over the cap before a byte is sent, saying both sizes and the setting', async () => {
    upstream.respond((_hit, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5 * MiB) });
      res.write('['); // and then nothing: the proxy must not wait for the body
    });
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(502);
    const { error } = errorEnvelopeSchema.parse(JSON.parse(response.text));
    expect(error).toMatchObject({ code: 'upstream_too_large', origin: 'upstream', cause: `LOOKUP_MAX_BYTES=${MiB}` });
    expect(error.message).toContain(`${5 * MiB} bytes (5 MiB)`);
    expect(error.message).toContain(`${MiB} bytes (1 MiB)`);
    expect(error.message).toContain('LOOKUP_MAX_BYTES');
    await upstream.hits.at(-1)!.aborted;
  });

  // Twice the cap, and no end: only the proxy giving up closes the connection.
  const overTheCap = () =>
    upstream.respond((_hit, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let at = 0; at < 2 * MiB; at += 64 * 1024) res.write(Buffer.alloc(64 * 1024, 'x'));
    });

  it('cuts the connection when a streamed answer of unknown length passes the cap, so a fetch fails', async () => {
    overTheCap();
    // Unmasked on request: streamed, so the head went out with the first bytes.
    const response = await fetch(`${proxy.url}/proxy/a/movie/550`, { headers: { 'x-lookup-mask': 'off' } });
    expect(response.status).toBe(200);
    // The truncated body must not read as complete.
    await expect(response.arrayBuffer()).rejects.toThrow();
    await upstream.hits.at(-1)!.aborted;
  });

  it('answers the envelope when an answer read whole (to be masked) passes the cap', async () => {
    overTheCap();
    const response = await rawRequest(proxy.port, 'GET', '/proxy/a/movie/550');
    expect(response.status).toBe(502);
    const { error } = errorEnvelopeSchema.parse(JSON.parse(response.text));
    expect(error).toMatchObject({ code: 'upstream_too_large', cause: `LOOKUP_MAX_BYTES=${MiB}` });
    expect(error.message).toContain(`passed the limit of ${MiB} bytes (1 MiB) before it ended`);
    await upstream.hits.at(-1)!.aborted;
  });
});

describe('a large masked answer', () => {
  let config: ServerConfig;
  let proxy: RunningServer;
  beforeAll(async () => {
    config = parseServerConfig(env(), lookups);
    proxy = await proxyWith(config);
  });

  it('is masked as it streams (no masking thread started: on the server thread), first bytes before the provider sends its last, byte for byte as whole-body masking, the key scrubbed', async () => {
    const body = incidentsBody(12_000, (i) => (i === 1_234 || i === 11_000 ? KEY : undefined));
    expect(body.length).toBeGreaterThan(4 * MiB);
    const before = maskPool().completed;
    const { order, answer } = await streamThrough(proxy.url + INCIDENTS_PATH, body, { keep: true });
    expect(order).toEqual(FIRST_BYTES_FIRST);
    // Not read whole and handed to the whole-body pool.
    expect(maskPool().completed).toBe(before);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-lookup-masked']).toBe('true');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const text = answer.body!.toString('utf8');
    expect(text).not.toContain(addressOf(1));
    expect(text).not.toContain(KEY);
    const inline = await maskingTransform('default', config.maskSecret)(crimeIncidents, L_OPERATION, body, {
      source: 'live',
      status: 200,
      contentType: 'application/json',
      requestHeaders: {},
    });
    const masked = Buffer.isBuffer(inline) ? inline : inline.body;
    expect(text).toBe(masked.toString('utf8').replaceAll(KEY, KEY_PLACEHOLDER));
  }, 120_000);

  it.each([
    ['small, masked inline', 1_000],
    ['large, masked on a thread', 2 * OFF_THREAD_BYTES],
  ])(
    'withholds an answer that says JSON but is not (%s), naming why',
    async (_name, size) => {
      upstream.respond((_hit, _req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(`[{"incidents": [${'x'.repeat(size)}`),
      );
      const response = await rawRequest(proxy.port, 'GET', INCIDENTS_PATH);
      expect(response.status).toBe(502);
      expect(errorEnvelopeSchema.parse(JSON.parse(response.text)).error).toMatchObject({ code: 'answer_not_maskable', origin: 'upstream' });
    },
    60_000,
  );

  it('leaves the server thread free: another request is answered while the body is being masked', async () => {
    const real = createMaskPool({ threads: 1 });
    const order: string[] = [];
    let other: Promise<unknown> | undefined;
    const pool: MaskPool = {
      run(task) {
        // The body is on the thread now: the server should answer someone else meanwhile.
        other = rawRequest(spied.port, 'GET', '/proxy/a/movie/550').then((response) =>
          order.push(`another request answered ${response.status}`),
        );
        return real.run(task).then((result) => (order.push('the large body masked'), result));
      },
      warm: () => real.warm(),
      get completed() {
        return real.completed;
      },
      close: () => real.close(),
    };
    const policy = 'default';
    const masking = personalDataMasking(policy, config.maskSecret);
    const spied = await serveHandler(
      createProxyHandler({
        lookups,
        generators: {},
        config,
        ...masking,
        transformBody: offThreadMasking(policy, config.maskSecret, masking.transformBody!, { pool: () => pool }),
        untransformed: (headers) => (unmaskedAllowed(policy, headers) ? { 'x-lookup-masked': 'false' } : undefined),
        log: () => undefined,
      }),
    );
    servers.push(spied);
    // About 8 MB: masking it takes a few hundred milliseconds, answering a small request a few.
    const body = incidentsBody(13_000);
    upstream.respond((hit, _req, res) => {
      if (hit.url.startsWith('/a/')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":550}');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) }).end(body);
    });
    const answer = await readStreamed(spied.url + INCIDENTS_PATH);
    await other;
    await real.close();
    expect(answer.status).toBe(200);
    expect(answer.headers['x-lookup-masked']).toBe('true');
    expect(order).toEqual(['another request answered 200', 'the large body masked']);
  }, 60_000);
});

describe('a large masked answer with the streamed-masking threads started (decision 042)', () => {
  afterAll(() => closeMaskStreamPool());

  it('is masked whole on one of them, byte for byte as whole-body masking, the key scrubbed, and the server thread only passes buffers', async () => {
    const threads = startMaskStreamPool({ threads: 1 });
    await threads.ready();
    const config = parseServerConfig(env(), lookups);
    const proxy = await proxyWith(config);
    const body = incidentsBody(12_000, (i) => (i === 1_234 || i === 11_000 ? KEY : undefined));
    const batchesBefore = maskPool().completed;
    const { order, answer } = await streamThrough(proxy.url + INCIDENTS_PATH, body, { keep: true });
    expect(order).toEqual(FIRST_BYTES_FIRST);
    expect(threads.completed).toBe(1);
    // Not read whole and handed to the whole-body pool: the answer's thread masked it as it came.
    expect(maskPool().completed).toBe(batchesBefore);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-lookup-masked']).toBe('true');
    const inline = await maskingTransform('default', config.maskSecret)(crimeIncidents, L_OPERATION, body, {
      source: 'live',
      status: 200,
      contentType: 'application/json',
      requestHeaders: {},
    });
    const masked = Buffer.isBuffer(inline) ? inline : inline.body;
    expect(answer.body!.toString('utf8')).toBe(masked.toString('utf8').replaceAll(KEY, KEY_PLACEHOLDER));
  }, 120_000);
});

describe('the answer cache and large answers', () => {
  let server: Server;
  let base: string;
  const written: Buffer[] = [];

  beforeAll(async () => {
    const settings = env({ LOOKUP_A_CACHE_TTL: '10m' });
    const config = parseServerConfig(settings, allLookups);
    const memory = createMemoryStore();
    // A store that keeps a copy of every value written to it.
    const store = new Proxy(memory, {
      get(target, name: keyof SharedStore) {
        const value = target[name];
        if (name !== 'setBytes') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        return (key: string, bytes: Buffer, ttlMs: number) => (written.push(bytes), target.setBytes(key, bytes, ttlMs));
      },
    });
    const dist = mkdtempSync(join(tmpdir(), 'lookup-big-answers-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lookup Explorer</title>');
    server = createAppServer({
      config,
      distDir: dist,
      store,
      limits: parseTeamLimits(settings, allLookups, config),
      audit: () => undefined,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const movieBody = (id: number, bytes: number) => Buffer.from(JSON.stringify({ id, overview: 'x'.repeat(bytes) }));

  const UNMASKED = { 'x-lookup-mask': 'off' };

  it('keeps a small answer, masked or unmasked on request', async () => {
    upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(movieBody(1, 100)));
    for (const headers of [{}, UNMASKED]) {
      const writtenBefore = written.length;
      const first = await readStreamed(`${base}/proxy/a/movie/1`, { headers });
      expect(first.headers['x-lookup-cache']).toBe('miss');
      expect(written.length - writtenBefore).toBe(1);
      const again = await readStreamed(`${base}/proxy/a/movie/1`, { headers });
      expect(again.headers['x-lookup-cache']).toBe('hit');
      expect(again.headers['x-lookup-masked']).toBe(first.headers['x-lookup-masked']);
      expect(again.sha256).toBe(first.sha256);
    }
  });

  it('streams an answer larger than the cache keeps, uncached, whether its length is declared or not', async () => {
    const body = movieBody(2, MAX_KEPT_BYTES + MiB);
    for (const declared of [false, true]) {
      const hitsBefore = upstream.hits.length;
      const writtenBefore = written.length;
      // Asked twice: not kept, so the second is a miss too.
      for (let round = 0; round < 2; round++) {
        const { order, answer } = await streamThrough(`${base}/proxy/a/movie/2`, body, { declared, headers: UNMASKED });
        expect(answer.headers['x-lookup-masked']).toBe('false');
        expect(order).toEqual(FIRST_BYTES_FIRST);
        expect(answer.headers['x-lookup-cache']).toBe('miss');
        expect(answer.sha256).toBe(sha256(body));
      }
      expect(upstream.hits.length - hitsBefore).toBe(2);
      expect(written.length - writtenBefore).toBe(0);
    }
  }, 120_000);

  it('waits for one drain at a time when the browser reads slowly: no listener piles up on the answer', async () => {
    // In small slices, so what the cache had gathered when the answer outgrew it is many chunks, sent at once.
    const body = movieBody(4, MAX_KEPT_BYTES + 4 * MiB);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      upstream.respond((_hit, _req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        void writeInChunks(res, body, 16 * 1024);
      });
      const answer = await readStreamed(`${base}/proxy/a/movie/4`, { headers: UNMASKED, pauseMsPerMiB: 20 });
      expect(answer.sha256).toBe(sha256(body));
      // Node warns on the tick after an eleventh listener is added.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  }, 60_000);

  it('masks an answer larger than the cache keeps without keeping it', async () => {
    const body = movieBody(3, MAX_KEPT_BYTES + MiB);
    upstream.respond((_hit, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      void writeInChunks(res, body, MiB);
    });
    const writtenBefore = written.length;
    const answer = await readStreamed(`${base}/proxy/a/movie/3`);
    expect(answer.headers['x-lookup-masked']).toBe('true');
    expect(answer.sha256).toBe(sha256(body));
    expect(written.length - writtenBefore).toBe(0);
  }, 60_000);
});
