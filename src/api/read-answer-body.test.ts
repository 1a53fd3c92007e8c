import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { crimeIncidents } from '../lookups/l-crime-incidents.ts';
import { chargingStations } from '../lookups/b-charging-stations.ts';
import { type AnswerStreamer, provideAnswerStreamer, type StreamRequest } from './answer-stream.ts';
import { PEEK_BYTES, readAnswerBody, type ReadOptions, STREAM_THRESHOLD_BYTES } from './read-answer-body.ts';
import { concatBytes } from './bytes.ts';

// A streamer that records what it was handed and reads the rest of the body itself, as the worker would.
const started: StreamRequest[] = [];
const fakeStreamer: AnswerStreamer = {
  start(request) {
    started.push(request);
    const live = {
      current: () => ({ records: [], progress: { bytes: 0, totalBytes: undefined, records: 0, bytesPerSecond: 0 }, stopping: false }),
      subscribe: () => () => undefined,
      stop: () => undefined,
    };
    const done = (async () => {
      const chunks = [...request.head];
      const reader = request.rest.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
      const text = new TextDecoder().decode(concatBytes(chunks));
      return { text, body: JSON.parse(text) as unknown, sizeBytes: text.length, stoppedAfter: 7 };
    })();
    return { live, done };
  },
};

/** A JSON body of about `bytes` bytes, sent in chunks of `chunk` bytes, with or without its length. */
function bigAnswer(
  bytes: number,
  { chunk = 256 * 1024, declared = false, headers = {} }: { chunk?: number; declared?: boolean; headers?: Record<string, string> } = {},
) {
  const text = JSON.stringify({ filler: 'x'.repeat(bytes) });
  const encoded = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < encoded.length; at += chunk) controller.enqueue(encoded.slice(at, at + chunk));
      controller.close();
    },
  });
  const response = new Response(stream, {
    headers: { 'content-type': 'application/json', ...(declared && { 'content-length': String(encoded.length) }), ...headers },
  });
  return { text, response };
}

const l = crimeIncidents.operations[0];
const options = (overrides: Partial<ReadOptions> = {}): ReadOptions => ({
  lookup: crimeIncidents,
  operation: l,
  mask: true,
  stream: true,
  signal: new AbortController().signal,
  onStream: vi.fn(),
  onActivity: vi.fn(),
  ...overrides,
});

beforeAll(() => provideAnswerStreamer(fakeStreamer));
beforeEach(() => {
  started.length = 0;
});

describe('readAnswerBody', () => {
  it('reads a small answer whole, here, as always (with or without a length)', async () => {
    for (const declared of [false, true]) {
      const { text, response } = bigAnswer(1000, { declared });
      const read = await readAnswerBody(response, 'application/json', options());
      expect(read).toMatchObject({ text, body: JSON.parse(text), sizeBytes: text.length });
      expect(read.streamed).toBeUndefined();
    }
    expect(started).toEqual([]);
  });

  it('streams an answer that declares STREAM_THRESHOLD_BYTES or more, handing the body over unread', async () => {
    const { text, response } = bigAnswer(STREAM_THRESHOLD_BYTES, { declared: true, headers: { 'x-lookup-masked': 'true' } });
    const opts = options();
    const read = await readAnswerBody(response, 'application/json', opts);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ head: [], totalBytes: text.length, progressive: true });
    expect(opts.onStream).toHaveBeenCalledTimes(1);
    expect(read).toMatchObject({ text, body: JSON.parse(text), streamed: true, stoppedAfter: 7 });
  });

  it('streams an answer without a length once more than PEEK_BYTES arrived, the bytes read first handed over in order', async () => {
    const { text, response } = bigAnswer(3 * PEEK_BYTES, { chunk: 300 * 1024 });
    const read = await readAnswerBody(response, 'application/json', options({ mask: false }));
    expect(started).toHaveLength(1);
    const headBytes = started[0]!.head.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    expect(headBytes).toBeGreaterThanOrEqual(PEEK_BYTES);
    expect(headBytes).toBeLessThan(PEEK_BYTES + 300 * 1024);
    expect(started[0]!.totalBytes).toBeUndefined();
    expect(read.text).toBe(text);
  });

  it('shows records as they arrive only when they need no masking on the page', async () => {
    const cases: Array<[mask: boolean, header: string | undefined, progressive: boolean]> = [
      [true, 'true', true],
      [true, undefined, false],
      [false, 'false', true],
    ];
    for (const [mask, header, progressive] of cases) {
      started.length = 0;
      const { response } = bigAnswer(STREAM_THRESHOLD_BYTES, { declared: true, headers: header ? { 'x-lookup-masked': header } : {} });
      await readAnswerBody(response, 'application/json', options({ mask }));
      expect(started[0]!.progressive, `mask ${mask}, header ${header}`).toBe(progressive);
    }
    // A lookup without personal data has nothing to mask.
    started.length = 0;
    const { response } = bigAnswer(STREAM_THRESHOLD_BYTES, { declared: true });
    const json = chargingStations.operations.find((operation) => operation.format === 'json')!;
    expect(chargingStations.personalData).toEqual([]);
    await readAnswerBody(response, 'application/json', options({ lookup: chargingStations, operation: json }));
    expect(started[0]!.progressive).toBe(true);
  });

  it('reads whole what the page does not stream: a bulk run’s rows, XML, an error answer', async () => {
    const bulk = bigAnswer(STREAM_THRESHOLD_BYTES, { declared: true });
    expect((await readAnswerBody(bulk.response, 'application/json', options({ stream: false }))).text).toBe(bulk.text);
    const xml = bigAnswer(STREAM_THRESHOLD_BYTES, { declared: true });
    const xmlOperation = chargingStations.operations.find((operation) => operation.format === 'xml')!;
    await readAnswerBody(xml.response, 'application/xml', options({ lookup: chargingStations, operation: xmlOperation }));
    const failed = bigAnswer(PEEK_BYTES * 2);
    await readAnswerBody(new Response(failed.response.body, { status: 502 }), 'application/json', options());
    expect(started).toEqual([]);
  });
});
