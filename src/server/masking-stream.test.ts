// @vitest-environment node
// Masking as a stream (decision 031) must give exactly the bytes the whole-body masking gives:
// for the demo's answers of the lookups with personal data, for a big L answer, and wherever the
// body is cut into chunks (every byte, random boundaries). What cannot be streamed is masked
// whole within a bound, or refused before anything is sent.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { allLookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, proxyUrl } from '../lookups/wire.ts';
import { createAppHandler, loadAppConfig } from './assembly.ts';
import { maskingTransform } from './masking-transform.ts';
import {
  ENVELOPE_MAX_CHARS,
  MaskingStream,
  maskStreamed,
  PIECE_BYTES,
  recordMaskingFor,
  streamedThrough,
  type StreamMaskingOptions,
} from './masking-stream.ts';
import { createMaskStreamPool, type MaskStreamPool } from './mask-stream-pool.ts';
import { incidentsBody } from './testing/big-answer.ts';
import { rawRequest, serveHandler, type RunningServer } from './testing/http-fixtures.ts';

const SECRET = 'stream-test-secret-0123456789abcdef0123';
const whole = maskingTransform('always', SECRET);
const lookupOf = (id: string) => allLookups.find((lookup) => lookup.id === id)!;

async function maskedWhole(lookup: AnyLookup, operation: AnyOperation, bytes: Buffer): Promise<Buffer> {
  const out = await whole(lookup, operation, bytes, { source: 'live', status: 200, contentType: 'application/json', requestHeaders: {} });
  return Buffer.isBuffer(out) ? out : out.body;
}

function options(lookup: AnyLookup, operation: AnyOperation, extra: Partial<StreamMaskingOptions> = {}): StreamMaskingOptions {
  return {
    lookup,
    operation,
    secret: SECRET,
    maxBytes: 1024 * 1024 * 1024,
    maskWhole: (bytes) => maskedWhole(lookup, operation, bytes),
    ...extra,
  };
}

/** `bytes` cut at `cuts` (sorted offsets). */
function cutAt(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts)].filter((cut) => cut > 0 && cut < bytes.length).sort((a, b) => a - b);
  return [0, ...points].map((from, i) => bytes.subarray(from, points[i] ?? bytes.length));
}

/** An answer's bytes masked on a thread of `pool` (decision 042), given in `chunks`. */
function maskedOnThread(pool: MaskStreamPool, lookup: AnyLookup, operation: AnyOperation, chunks: readonly Buffer[]): Promise<Buffer> {
  const context = { source: 'live' as const, status: 200, contentType: 'application/json', requestHeaders: {} };
  const task = { policy: 'always' as const, secret: SECRET, maxBytes: 1024 * 1024 * 1024, context };
  return streamedThrough(chunks, pool.open(lookup, operation, task));
}

let server: RunningServer;
let threads: MaskStreamPool;
const demoAnswers = new Map<string, Buffer>();
beforeAll(async () => {
  threads = createMaskStreamPool({ threads: 2 });
  server = await serveHandler(createAppHandler(loadAppConfig({}), () => {}));
  for (const id of ['L', 'M', 'H', 'D', 'R']) {
    const lookup = lookupOf(id);
    const operation = lookup.operations[0]!;
    const request = buildRequest(operation, operation.params.parse(operation.example));
    const body = request.body ? JSON.stringify(request.body) : undefined;
    const answer = await rawRequest(server.port, request.method, proxyUrl(lookup, request), {
      headers: {
        accept: 'application/json',
        [MASK_REQUEST_HEADER]: MASK_OFF,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body }),
    });
    expect(answer.status, id).toBe(200);
    demoAnswers.set(id, Buffer.from(answer.text));
  }
}, 120_000);
afterAll(() => Promise.all([server.close(), threads.close()]));

describe('streamed masking', () => {
  it.each(['L', 'M', 'H', 'D', 'R'])(
    "gives the whole-body masking's bytes for the demo's %s answer, in 1 KiB chunks and whole",
    async (id) => {
      const lookup = lookupOf(id);
      const operation = lookup.operations[0]!;
      const raw = demoAnswers.get(id)!;
      const expected = await maskedWhole(lookup, operation, raw);
      expect(expected.equals(raw), `${id}'s demo answer has personal data to mask`).toBe(false);
      const chunks = cutAt(
        raw,
        Array.from({ length: Math.ceil(raw.length / 1024) }, (_, i) => i * 1024),
      );
      expect((await maskStreamed(chunks, options(lookup, operation))).toString()).toBe(expected.toString());
      expect((await maskStreamed([raw], options(lookup, operation))).toString()).toBe(expected.toString());
      // And the whole answer on a mask thread of its own, its raw bytes moved there (decision 042).
      expect((await maskedOnThread(threads, lookup, operation, chunks)).toString()).toBe(expected.toString());
    },
  );

  it('masks the records of L, M and H one by one (their records are found), and R whole', () => {
    expect(recordMaskingFor(lookupOf('L'), [0, 'incidents'], SECRET)).toBeDefined();
    expect(recordMaskingFor(lookupOf('M'), ['incidents'], SECRET)).toBeDefined();
    expect(recordMaskingFor(lookupOf('H'), ['sex_offenders'], SECRET)).toBeDefined();
    // R's paths are conditions on the body itself: its record is the whole body.
    expect(recordMaskingFor(lookupOf('R'), [], SECRET)).toBeUndefined();
  });

  it("gives the whole-body masking's bytes for a big L answer in chunks cut anywhere", async () => {
    const lookup = lookupOf('L');
    const operation = lookup.operations[0]!;
    const raw = incidentsBody(20_000);
    const expected = await maskedWhole(lookup, operation, raw);
    const chunks = cutAt(
      raw,
      Array.from({ length: Math.ceil(raw.length / 65_536) }, (_, i) => i * 65_536 + (i % 7)),
    );
    const out = await maskStreamed(chunks, options(lookup, operation));
    expect(out.equals(expected)).toBe(true);
  });

  it('masks a record that spans many chunks, and records the walk cannot take, as the whole-body masking does', async () => {
    const lookup = lookupOf('L');
    const operation = lookup.operations[0]!;
    const long = { incident_code: 'x'.repeat(200_000), incident_address: '1 MAIN ST', incident_latitude: 39.781234 };
    // Written as JSON.stringify would not write them: a number as 1.50, a key escaped, spaces.
    const awkward = '{"incident_code":"a","incident_latitude":1.50} , {"incident\\u005faddress":"2 OAK ST"}';
    const raw = Buffer.from(`[{"total":3,"incidents":[${JSON.stringify(long)},${awkward}]}]`);
    const expected = await maskedWhole(lookup, operation, raw);
    expect(expected.toString()).not.toContain('OAK ST');
    const chunks = cutAt(
      raw,
      Array.from({ length: Math.ceil(raw.length / 1024) }, (_, i) => i * 1024 + 5),
    );
    expect((await maskStreamed(chunks, options(lookup, operation))).toString()).toBe(expected.toString());
  });

  // H's records are masked parsed (a person's name), L's as text (masking-text.ts): both cut everywhere.
  it.each(['H', 'L'])(
    "gives the same bytes when the demo's %s answer is cut at every byte",
    async (id) => {
      const lookup = lookupOf(id);
      const operation = lookup.operations[0]!;
      const raw = demoAnswers.get(id)!;
      const expected = (await maskedWhole(lookup, operation, raw)).toString();
      // Every cut point of the first records (a record, a string, an escape, a UTF-8 sequence split anywhere).
      const span = Math.min(raw.length, 3000);
      for (let cut = 1; cut < span; cut++) {
        const out = await maskStreamed([raw.subarray(0, cut), raw.subarray(cut)], options(lookup, operation));
        if (out.toString() !== expected) expect.fail(`cut at byte ${cut} changed the masked answer`);
      }
      const bytewise = cutAt(
        raw,
        Array.from({ length: raw.length }, (_, i) => i),
      );
      expect((await maskStreamed(bytewise, options(lookup, operation))).toString()).toBe(expected);
    },
    180_000,
  );

  it('takes a large chunk a piece at a time, a character cut between two pieces read whole', async () => {
    const lookup = lookupOf('L');
    const operation = lookup.operations[0]!;
    const bodyWith = (pad: string) =>
      Buffer.from(
        JSON.stringify([
          {
            incidents: Array.from({ length: 600 }, (_, i) => ({
              incident_code: `${i === 0 ? pad : ''}Café 𝄞 n° ${i}`,
              incident_address: `${i} rue de l'Église`,
              incident_latitude: 48.85 + i / 1e5,
              note: 'é'.repeat(100),
            })),
          },
        ]),
      );
    // A pad that puts the piece boundary (PIECE_BYTES) inside a two- or four-byte character.
    const raw = Array.from({ length: 400 }, (_, n) => bodyWith('x'.repeat(n))).find((body) => (body[PIECE_BYTES]! & 0xc0) === 0x80)!;
    expect(raw.length).toBeGreaterThan(2 * PIECE_BYTES);
    const out = await maskStreamed([raw], options(lookup, operation));
    expect(out.toString()).toBe((await maskedWhole(lookup, operation, raw)).toString());
  });

  it('gives the same bytes at random chunk boundaries, for generated L answers with awkward text', async () => {
    const lookup = lookupOf('L');
    const operation = lookup.operations[0]!;
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const record = fc.record({
      incident_code: text,
      incident_address: fc.oneof(text, fc.constant(null)),
      incident_latitude: fc.double({ noNaN: true }),
      incident_longitude: fc.oneof(fc.double({ noNaN: true }), text),
      note: fc.array(text, { maxLength: 3 }),
    });
    const body = fc.record({ total: fc.nat(), incidents: fc.array(record, { maxLength: 12 }), after: text });
    await fc.assert(
      fc.asyncProperty(body, fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), async (envelope, cuts, pretty) => {
        const raw = Buffer.from(JSON.stringify([envelope], null, pretty ? 2 : undefined));
        const expected = JSON.stringify(JSON.parse((await maskedWhole(lookup, operation, raw)).toString()));
        const out = await maskStreamed(
          cutAt(
            raw,
            cuts.map((cut) => cut % raw.length),
          ),
          options(lookup, operation),
        );
        expect(out.toString()).toBe(expected);
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('keeps nothing of a chunk past its write: a body masked whole is masked from the bytes as they were written', async () => {
    // A mask thread fills a batch's memory again once the stream has taken it (decision 050).
    for (const id of ['R', 'L']) {
      const lookup = lookupOf(id);
      const operation = lookup.operations[0]!;
      const raw = demoAnswers.get(id)!;
      const stream = new MaskingStream(options(lookup, operation));
      const out: Buffer[] = [];
      stream.on('data', (piece: Buffer | string) => out.push(Buffer.from(piece)));
      const ended = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
      for (const chunk of cutAt(raw, [7, 100, 1_000, 2_000])) {
        const own = Buffer.from(chunk);
        await new Promise<void>((resolve, reject) => stream.write(own, (error) => (error ? reject(error) : resolve())));
        own.fill(0x20);
      }
      stream.end();
      await ended;
      expect(Buffer.concat(out).toString(), id).toBe((await maskedWhole(lookup, operation, raw)).toString());
    }
  });

  it('refuses a body it cannot stream once it passes the whole-body bound, before sending anything', async () => {
    const lookup = lookupOf('R');
    const operation = lookup.operations[0]!;
    const raw = demoAnswers.get('R')!;
    const failure = maskStreamed(cutAt(raw, [100, 200, 300]), options(lookup, operation, { wholeMaxBytes: 250 }));
    await expect(failure).rejects.toMatchObject({ failure: { code: 'answer_too_large_to_mask' } });
  });

  it('masks a body that comes in one chunk larger than the envelope bound, and refuses text past the records beyond it', async () => {
    const lookup = lookupOf('L');
    const operation = lookup.operations[0]!;
    const raw = incidentsBody(5_000);
    expect(raw.length).toBeGreaterThan(ENVELOPE_MAX_CHARS);
    expect((await maskStreamed([raw], options(lookup, operation))).equals(await maskedWhole(lookup, operation, raw))).toBe(true);
    const padded = Buffer.from(`[{"incidents":[{"incident_address":"1 Main St"}],"note":"${'x'.repeat(ENVELOPE_MAX_CHARS)}"}]`);
    await expect(maskStreamed([padded], options(lookup, operation))).rejects.toMatchObject({
      failure: { code: 'answer_too_large_to_mask' },
    });
  });

  it('withholds a body that is not JSON', async () => {
    const lookup = lookupOf('L');
    const operation = lookup.operations[0]!;
    await expect(
      maskStreamed([Buffer.from('[{"incidents":[{"incident_address":"1 Main St"},')], options(lookup, operation)),
    ).rejects.toMatchObject({ failure: { code: 'answer_not_maskable' } });
    await expect(maskStreamed([Buffer.from('<html>')], options(lookup, operation))).rejects.toMatchObject({
      failure: { code: 'answer_not_maskable' },
    });
  });
});

describe('streamed masking on a mask thread of its own (decision 042)', () => {
  const lookup = lookupOf('L');
  const operation = lookup.operations[0]!;

  it("gives the whole-body masking's bytes for big L answers, two at once, one on each thread", async () => {
    const raw = incidentsBody(20_000);
    const expected = await maskedWhole(lookup, operation, raw);
    const chunks = cutAt(
      raw,
      Array.from({ length: Math.ceil(raw.length / 65_536) }, (_, i) => i * 65_536 + (i % 7)),
    );
    const before = threads.completed;
    const both = [maskedOnThread(threads, lookup, operation, chunks), maskedOnThread(threads, lookup, operation, chunks)];
    // Each answer stays on the thread it was given, the least busy one.
    expect(threads.load()).toEqual([1, 1]);
    const [first, second] = await Promise.all(both);
    expect(first!.equals(expected)).toBe(true);
    expect(second!.equals(expected)).toBe(true);
    expect(threads.load()).toEqual([0, 0]);
    expect(threads.completed).toBe(before + 2);
  }, 60_000);

  it('gives the same bytes at random chunk boundaries', async () => {
    const raw = demoAnswers.get('L')!;
    const expected = (await maskedWhole(lookup, operation, raw)).toString();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 30 }), async (cuts) => {
        const chunks = cutAt(
          raw,
          cuts.map((cut) => cut % raw.length),
        );
        expect((await maskedOnThread(threads, lookup, operation, chunks)).toString()).toBe(expected);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('sends a busy thread the chunks that came meanwhile in one batch, and fills the memory of a batch again once the thread took it', async () => {
    const raw = incidentsBody(1_000);
    const expected = await maskedWhole(lookup, operation, raw);
    const chunks = cutAt(
      raw,
      Array.from({ length: Math.ceil(raw.length / 65_536) }, (_, i) => i * 65_536),
    );
    expect(chunks.length).toBeGreaterThan(3);
    const pool = createMaskStreamPool({ threads: 1 });
    try {
      await pool.ready();
      const context = { source: 'live' as const, status: 200, contentType: 'application/json', requestHeaders: {} };
      const stream = pool.open(lookup, operation, { policy: 'always', secret: SECRET, maxBytes: 1024 * 1024 * 1024, context });
      const out: Buffer[] = [];
      stream.on('data', (piece: Buffer) => out.push(piece));
      const ended = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
      // All written before the thread can answer: the first two chunks go at once (one to mask, one
      // to wait), and the rest wait for the thread to take one, then go together.
      for (const chunk of chunks) stream.write(chunk);
      stream.end();
      await ended;
      expect(Buffer.concat(out).equals(expected)).toBe(true);
      expect(pool.batchesSent).toBe(3);
      // The large batch's memory came back (the two single chunks had memory of their own size).
      expect(pool.spareBatches()).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('withholds a body that is not JSON, with the same failure', async () => {
    await expect(
      maskedOnThread(threads, lookup, operation, [Buffer.from('[{"incidents":[{"incident_address":"1 Main St"},')]),
    ).rejects.toMatchObject({ failure: { code: 'answer_not_maskable' } });
    await expect(maskedOnThread(threads, lookup, operation, [Buffer.from('<html>')])).rejects.toMatchObject({
      failure: { code: 'answer_not_maskable' },
    });
  });

  it("runs its threads below the priority of the process's other threads (nice 5, Linux), so /healthz comes first", async () => {
    await threads.ready();
    const niceOf = (task: string) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const tasks = readdirSync('/proc/self/task');
    expect(niceOf(String(process.pid))).toBe(0);
    expect(tasks.filter((task) => niceOf(task) === 5).length).toBeGreaterThanOrEqual(2);
  });

  it('lets an abandoned answer go, and the thread masks the next one', async () => {
    const raw = incidentsBody(5_000);
    const context = { source: 'live' as const, status: 200, contentType: 'application/json', requestHeaders: {} };
    const stream = threads.open(lookup, operation, { policy: 'always', secret: SECRET, maxBytes: 1024 * 1024 * 1024, context });
    const firstBytes = new Promise((resolve) => stream.once('data', resolve));
    stream.write(raw.subarray(0, 300_000));
    await firstBytes;
    stream.destroy();
    expect(threads.load()).toEqual([0, 0]);
    const expected = await maskedWhole(lookup, operation, raw);
    expect((await maskedOnThread(threads, lookup, operation, [raw])).equals(expected)).toBe(true);
  }, 60_000);
});
