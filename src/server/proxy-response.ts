// The response path of the proxy, the same for a live provider and the demo: which status and
// headers the browser may see, and the body streamed through the size cap and the key scrubber
// (read whole only for an operation whose JSON answers are transformed, e.g. masked).
//
// What reaches the browser is never a page of this origin: only JSON and XML keep their content
// type, anything else is sent as text/plain (the original type named in a header), and every
// answer carries nosniff and a sandboxing CSP. Statuses outside 200-599 become a 502 envelope.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { WIRE_HEADERS, type ErrorOrigin } from '../lookups/wire.ts';
import { refusal, sendRefusal } from './http/refusal.ts';
import { PROXY_SECURITY_HEADERS } from './security-headers.ts';
import type { KeyScrubber, StreamScrubber } from './key-scrubber.ts';
import { tooLarge, UpstreamFailureError, type UpstreamFailure } from './live-upstream.ts';
import { isJsonOrXml, isJsonType } from './media-type.ts';
import { isUpstreamBody, type BodySink, type UpstreamBody } from './upstream-call.ts';

/** Provider headers worth showing the browser (paging and rate-limit hints), besides content-type. */
const RETURNED_RESPONSE_HEADERS = /^(retry-after|link|x-ratelimit-[a-z0-9-]+|ratelimit(-[a-z0-9-]+)?)$/;
const PLAIN_TEXT = 'text/plain; charset=utf-8';
/** Up to this much of an answer is gathered before the first write, so a small answer goes out whole, with a length. */
const COALESCE_BYTES = 64 * 1024;
/** A whole body larger than this is written in slices of this size (writeInSlices). */
const WRITE_SLICE_BYTES = 256 * 1024;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders | Record<string, string>;
  /** The bytes as they arrived: whole (demo, cache) or still streaming (live). */
  body: Buffer | Readable | UpstreamBody;
}

// --- masking: begin (body transforms may add headers, e.g. x-lookup-masked) ---
/** What a body transform returns: the new bytes, or the new bytes and headers to add to that answer. */
export type TransformedBody = Buffer | { body: Buffer; headers: Record<string, string> };
// --- masking: end ---

export interface DeliveryOptions {
  /** Who failed, when the answer cannot be delivered: `upstream` (live) or `demo`. */
  origin: Extract<ErrorOrigin, 'upstream' | 'demo'>;
  scrub: KeyScrubber;
  maxBytes: number;
  /** Headers the proxy adds to this answer (source, timing, cache); the security headers are added here. */
  proxyHeaders: Record<string, string>;
  /** The operation's JSON transform, when it has one: its JSON answers are then read whole (under the cap). */
  transformer?: { transform(bytes: Buffer, contentType: string): TransformedBody | Promise<TransformedBody> };
  /** Turns an error met while reading the body into the failure the browser is told about. */
  errors: { describe(error: unknown): UpstreamFailure };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether a provider's header may reach the browser: the pattern, tried only on names that start as its names do (r, l, x). */
function returnedHeader(name: string): boolean {
  const first = name.charCodeAt(0);
  return (first === 0x72 || first === 0x6c || first === 0x78) && RETURNED_RESPONSE_HEADERS.test(name);
}

const PROXY_SECURITY_ENTRIES = Object.entries(PROXY_SECURITY_HEADERS);

/** The headers the browser gets: allow-listed, scrubbed, no name holding a key, a safe content type. */
export function browserHeaders(upstream: Answer['headers'], scrub: KeyScrubber, proxyHeaders: Record<string, string>): Record<string, string> {
  // Content-Type first, so that every answer's headers start out alike (set below).
  const headers: Record<string, string> = { 'content-type': PLAIN_TEXT };
  for (const name in upstream) {
    if (!returnedHeader(name) || scrub.inHeaderName(name)) continue;
    const value = single(upstream[name]);
    if (value !== undefined) headers[name] = scrub.text(value);
  }
  const contentType = upstream['content-type'];
  if (isJsonOrXml(contentType)) headers['content-type'] = scrub.text(contentType);
  else {
    const original = single(contentType);
    headers[WIRE_HEADERS.originalContentType] = original === undefined ? 'none' : scrub.text(original).slice(0, 200);
  }
  for (const name in proxyHeaders) headers[name] = proxyHeaders[name]!;
  for (const [name, value] of PROXY_SECURITY_ENTRIES) headers[name] = value;
  return headers;
}

function fail(res: ServerResponse, failure: UpstreamFailure, options: DeliveryOptions): void {
  const { status, code, message, cause } = failure;
  sendRefusal(res, refusal(status, code, options.scrub.text(message), { origin: options.origin, ...(cause && { cause }) }), {
    ...options.proxyHeaders,
    ...PROXY_SECURITY_HEADERS,
  });
}

const EMPTY = Buffer.alloc(0);
function ignore(): void {}

/** Stops reading a body (a stream emits an abort error on destroy, which is expected here). */
export function discard(body: Answer['body'] | Transform | null): void {
  if (!body || Buffer.isBuffer(body)) return;
  if (isUpstreamBody(body)) return body.destroy();
  body.on('error', ignore);
  body.destroy();
}

/** A decoder for the answer's Content-Encoding; null for none; undefined when it is one the proxy cannot read. */
function decoderFor(encoding: string | string[] | undefined): Transform | null | undefined {
  if (encoding === undefined) return null;
  if (Array.isArray(encoding)) return undefined;
  switch (encoding.trim().toLowerCase()) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Sends an upstream answer to the browser. Resolves once the answer has been sent, or abandoned
 * (an error envelope when nothing was sent yet, else the connection is cut so the browser sees
 * the body is incomplete).
 */
export async function deliver(res: ServerResponse, answer: Answer, options: DeliveryOptions): Promise<void> {
  const { status, headers: upstream } = answer;
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    discard(answer.body);
    fail(res, { kind: 'failure', status: 502, code: 'upstream_bad_status', message: `The provider answered with HTTP status ${status}, which is not a valid final answer`, cause: `status ${status}` }, options);
    return;
  }
  const decoder = Buffer.isBuffer(answer.body) ? null : decoderFor(upstream['content-encoding']);
  if (decoder === undefined) {
    discard(answer.body);
    const encoding = options.scrub.text(single(upstream['content-encoding']) ?? '').slice(0, 60);
    fail(res, { kind: 'failure', status: 502, code: 'upstream_invalid_answer', message: `The provider's answer is encoded as "${encoding}", which the proxy cannot decode`, cause: 'content-encoding' }, options);
    return;
  }
  const declared = Number(single(upstream['content-length']));
  const size = Buffer.isBuffer(answer.body) ? answer.body.length : decoder === null && Number.isFinite(declared) ? declared : 0;
  if (size > options.maxBytes) {
    discard(answer.body);
    fail(res, tooLarge(options.maxBytes), options);
    return;
  }
  const headers = browserHeaders(upstream, options.scrub, options.proxyHeaders);
  const transformer = options.transformer && isJsonType(headers['content-type']!) ? options.transformer : undefined;
  const noBody = status === 204 || status === 304;
  // A decoder is a stream: an encoded provider body is read as one too (rare; most are identity).
  const body = decoder && isUpstreamBody(answer.body) ? answer.body.toReadable() : answer.body;

  if (Buffer.isBuffer(body) || transformer) {
    let bytes: Buffer;
    try {
      bytes = Buffer.isBuffer(body) ? body : await readWhole(body, decoder, options.maxBytes);
      if (transformer) {
        // --- masking: begin ---
        let transformed: TransformedBody;
        try {
          const result = transformer.transform(bytes, headers['content-type']!);
          // Masking answers at once: a turn of the microtask queue is saved when it does.
          transformed = result instanceof Promise ? await result : result;
        } catch (error) {
          const message = `The answer could not be prepared for the browser: ${(error as Error).message}`;
          throw new UpstreamFailureError({ kind: 'failure', status: 502, code: 'answer_transform_failed', message });
        }
        bytes = Buffer.isBuffer(transformed) ? transformed : transformed.body;
        if (!Buffer.isBuffer(transformed)) Object.assign(headers, transformed.headers);
        // --- masking: end ---
      }
    } catch (error) {
      discard(body);
      if (!res.destroyed) fail(res, error instanceof UpstreamFailureError ? error.failure : options.errors.describe(error), options);
      return;
    }
    if (res.destroyed) return;
    const out = noBody ? EMPTY : options.scrub.bytes(bytes);
    if (!noBody) headers['content-length'] = String(out.length);
    res.writeHead(status, headers);
    if (out.length <= WRITE_SLICE_BYTES) res.end(out);
    else await writeInSlices(res, out);
    return;
  }
  await new Promise<void>((resolve) => new Pump(res, body, decoder, status, headers, noBody, options, resolve).start());
}

/**
 * Sends a large whole body a slice per turn of the event loop, waiting for the socket to drain
 * when it is full, so other requests (/healthz) are answered between the slices of a 4.6 MB answer.
 */
async function writeInSlices(res: ServerResponse, body: Buffer): Promise<void> {
  for (let at = 0; at < body.length && !res.destroyed; at += WRITE_SLICE_BYTES) {
    const slice = body.subarray(at, at + WRITE_SLICE_BYTES);
    if (at + WRITE_SLICE_BYTES >= body.length) {
      res.end(slice);
      return;
    }
    if (res.write(slice)) await new Promise<void>((resolve) => setImmediate(resolve));
    else await drained(res);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function readWhole(body: Readable | UpstreamBody, decoder: Transform | null, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (isUpstreamBody(body)) {
      body.read(new WholeBody(body, maxBytes, resolve, reject));
      return;
    }
    const source = decoder ? body.pipe(decoder) : body;
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else if (!failed) {
        failed = true;
        discard(body);
        discard(decoder);
        reject(new UpstreamFailureError(tooLarge(maxBytes)));
      }
    });
    source.on('end', () => resolve(Buffer.concat(chunks, size)));
    source.on('error', reject);
    if (decoder) body.on('error', reject);
  });
}

/** Gathers a provider's body whole, under the size cap. */
class WholeBody implements BodySink {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly body: UpstreamBody,
    private readonly maxBytes: number,
    private readonly resolve: (bytes: Buffer) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  data(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size <= this.maxBytes) this.chunks.push(chunk);
    else {
      discard(this.body);
      this.reject(new UpstreamFailureError(tooLarge(this.maxBytes)));
    }
  }

  end(): void {
    this.resolve(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size));
  }

  error(error: unknown): void {
    this.reject(error);
  }
}

/**
 * Streams one body to the browser: through the decoder (if any), the size cap and the key
 * scrubber. The first 64 KiB are gathered before anything is written, so a small answer goes out
 * in one write with its length; a larger one streams chunked, with backpressure both ways.
 */
class Pump implements BodySink {
  private readonly source: Readable | UpstreamBody;
  private readonly scrubber: StreamScrubber;
  private size = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private started = false;
  private settled = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly body: Readable | UpstreamBody,
    private readonly decoder: Transform | null,
    private readonly status: number,
    private readonly headers: Record<string, string>,
    private readonly noBody: boolean,
    private readonly options: DeliveryOptions,
    private readonly done: () => void,
  ) {
    // A decoder comes with a stream body (deliver turns a provider's body into one for it).
    this.source = decoder ? (body as Readable).pipe(decoder) : body;
    this.scrubber = options.scrub.stream();
  }

  start(): void {
    // The browser went away: stop reading (the handler cancels the upstream call too).
    this.res.on('close', () => this.abandon(undefined));
    const { source } = this;
    if (isUpstreamBody(source)) return source.read(this);
    if (this.decoder) (this.body as Readable).on('error', (error: unknown) => this.abandon(error));
    source.on('error', (error: unknown) => this.abandon(error));
    source.on('data', (chunk: Buffer) => this.data(chunk));
    source.on('end', () => this.end());
  }

  error(error: unknown): void {
    this.abandon(error);
  }

  private settle(): void {
    this.settled = true;
    this.done();
  }

  private abandon(error: unknown): void {
    if (this.settled) return;
    discard(this.body);
    discard(this.decoder);
    if (this.res.destroyed) return this.settle();
    if (this.started || this.res.headersSent) this.res.destroy();
    else fail(this.res, this.options.errors.describe(error), this.options);
    this.settle();
  }

  data(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return this.abandon(new UpstreamFailureError(tooLarge(this.options.maxBytes)));
    if (this.noBody) return;
    const out = this.scrubber.push(chunk);
    if (out.length === 0) return;
    if (this.started) return this.write(out);
    this.pending.push(out);
    this.pendingBytes += out.length;
    if (this.pendingBytes < COALESCE_BYTES) return;
    this.started = true;
    this.res.writeHead(this.status, this.headers);
    this.write(this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
  }

  private write(chunk: Buffer): void {
    if (this.res.write(chunk)) return;
    this.source.pause();
    this.res.once('drain', () => this.source.resume());
  }

  end(): void {
    if (this.settled) return;
    const last = this.noBody ? EMPTY : this.scrubber.end();
    if (this.started) this.res.end(last);
    else {
      if (last.length > 0) this.pending.push(last);
      const whole = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
      this.res.writeHead(this.status, this.noBody ? this.headers : { ...this.headers, 'content-length': String(whole.length) });
      this.res.end(whole);
    }
    this.settle();
  }
}
