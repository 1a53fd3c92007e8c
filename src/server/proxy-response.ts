// The response path of the proxy, the same for a live provider and the demo: which status and
// headers the browser may see, and the body streamed through the size cap and the key scrubber.
// A body is read whole only when it must be: an answer the transform cannot rewrite as a stream
// (masking: decision 031), or an answer the cache may keep (up to `keep.upTo` bytes; a larger one streams on,
// uncached). A whole body larger than a slice is scrubbed and written a slice per turn of the
// event loop, so a 56 MB answer never holds the server's thread (decision 015).
//
// What reaches the browser is never a page of this origin: only JSON and XML keep their content
// type, anything else is sent as text/plain (the original type named in a header), and every
// answer carries nosniff and a sandboxing CSP. Statuses outside 200-599 become a 502 envelope.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { PassThrough, pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { WIRE_HEADERS, type ErrorOrigin } from '../lookups/wire.ts';
import { refusal, sendRefusal } from './http/refusal.ts';
import { drained } from './http/write-drained.ts';
import { PROXY_SECURITY_HEADERS } from './security-headers.ts';
import type { KeyScrubber, StreamScrubber } from './key-scrubber.ts';
import { tooLarge, UpstreamFailureError, type UpstreamFailure } from './live-upstream.ts';
import { isJsonOrXml, isJsonType } from './media-type.ts';
import { isUpstreamBody, type BodySink, type UpstreamBody } from './upstream-call.ts';
import type { StreamedBody, TransformedBody } from './body-transform.ts';

/** Provider headers worth showing the browser (paging and rate-limit hints), besides content-type. */
const RETURNED_RESPONSE_HEADERS = /^(retry-after|link|x-ratelimit-[a-z0-9-]+|ratelimit(-[a-z0-9-]+)?)$/;
const PLAIN_TEXT = 'text/plain; charset=utf-8';
/** Up to this much of an answer is gathered before the first write, so a small answer goes out whole, with a length. */
const COALESCE_BYTES = 64 * 1024;
/** A whole body larger than this is scrubbed and written in slices of this size (sendSliced). */
export const WRITE_SLICE_BYTES = 256 * 1024;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders | Record<string, string>;
  /** The bytes as they arrived: whole (demo, cache) or still streaming (live). */
  body: Buffer | Readable | UpstreamBody;
}

// --- masking: begin (body transforms may add headers, e.g. x-lookup-masked) ---
// Defined beside the body transform, which returns it (a type of its own there keeps the two modules out of a cycle).
export type { TransformedBody } from './body-transform.ts';
// --- masking: end ---

/** Rewrites (or keeps) a whole JSON body before it is sent. */
export interface Transformer {
  /** `owned`: nothing reads `bytes` afterwards, so the transform may move them (to a thread). */
  transform(bytes: Buffer, contentType: string, owned?: boolean): TransformedBody | Promise<TransformedBody>;
  /** The same rewrite as a stream (masking, decision 031); undefined when this answer is rewritten whole. */
  stream?(contentType: string, maxBytes: number): StreamedBody | undefined;
}

export interface DeliveryOptions {
  /** Who failed, when the answer cannot be delivered: `upstream` (live) or `demo`. */
  origin: Extract<ErrorOrigin, 'upstream' | 'demo'>;
  scrub: KeyScrubber;
  maxBytes: number;
  /** Headers the proxy adds to this answer (source, timing, cache); the security headers are added here. */
  proxyHeaders: Record<string, string>;
  /** The operation's JSON transform, when it has one: its JSON answers are then read whole (under the cap). */
  transformer?: Transformer;
  /**
   * The answer cache's transformer (it keeps the answer, then applies `transformer` if any): used
   * for a JSON answer of at most `upTo` bytes, which is then read whole; a larger one is delivered
   * as if it were absent (streamed, or transformed by `transformer`), and not kept.
   */
  keep?: { transformer: Transformer; upTo: number };
  /** Headers added to a JSON answer that is not transformed (an answer sent unmasked on request says so). */
  jsonHeaders?: Readonly<Record<string, string>>;
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
export function browserHeaders(
  upstream: Answer['headers'],
  scrub: KeyScrubber,
  proxyHeaders: Record<string, string>,
): Record<string, string> {
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
    fail(
      res,
      {
        kind: 'failure',
        status: 502,
        code: 'upstream_bad_status',
        message: `The provider answered with HTTP status ${status}, which is not a valid final answer`,
        cause: `status ${status}`,
      },
      options,
    );
    return;
  }
  const decoder = Buffer.isBuffer(answer.body) ? null : decoderFor(upstream['content-encoding']);
  if (decoder === undefined) {
    discard(answer.body);
    const encoding = options.scrub.text(single(upstream['content-encoding']) ?? '').slice(0, 60);
    fail(
      res,
      {
        kind: 'failure',
        status: 502,
        code: 'upstream_invalid_answer',
        message: `The provider's answer is encoded as "${encoding}", which the proxy cannot decode`,
        cause: 'content-encoding',
      },
      options,
    );
    return;
  }
  const declared = Number(single(upstream['content-length']));
  const size = Buffer.isBuffer(answer.body) ? answer.body.length : decoder === null && Number.isFinite(declared) ? declared : undefined;
  // Refused before a byte is sent, while the browser can still be told why in words.
  if (size !== undefined && size > options.maxBytes) {
    discard(answer.body);
    fail(res, tooLarge(options.maxBytes, size), options);
    return;
  }
  const headers = browserHeaders(upstream, options.scrub, options.proxyHeaders);
  const json = isJsonType(headers['content-type']!);
  if (json && options.jsonHeaders) Object.assign(headers, options.jsonHeaders);
  const transformer = json ? options.transformer : undefined;
  // An answer declared larger than the cache keeps is not gathered for it.
  const keep = json && options.keep && (size === undefined || size <= options.keep.upTo) ? options.keep : undefined;
  const noBody = status === 204 || status === 304;
  const reply: Reply = { res, status, headers, noBody, options };
  // A decoder is a stream: an encoded provider body is read as one too (rare; most are identity).
  const body = decoder && isUpstreamBody(answer.body) ? answer.body.toReadable() : answer.body;

  // A demo or cached body may be shared with later answers: never handed over.
  if (Buffer.isBuffer(body)) return sendWhole(reply, body, keep && body.length <= keep.upTo ? keep.transformer : transformer, false);
  // Masked as it streams unless the cache keeps it (then it is read whole, at most keep.upTo).
  const streamed =
    transformer && !noBody && !(keep && size !== undefined) ? transformer.stream?.(headers['content-type']!, options.maxBytes) : undefined;
  if (streamed) return deliverStreamed(reply, body, decoder, streamed, keep);
  if (transformer) {
    let bytes: Buffer;
    try {
      bytes = await readWhole(body, decoder, options.maxBytes);
    } catch (error) {
      discard(body);
      if (!res.destroyed) fail(res, error instanceof UpstreamFailureError ? error.failure : options.errors.describe(error), options);
      return;
    }
    // The body read for the transform alone is the transform's to keep; the cache reads it after.
    const keeps = keep !== undefined && bytes.length <= keep.upTo;
    return sendWhole(reply, bytes, keeps ? keep.transformer : transformer, !keeps);
  }
  // Streamed; with `keep`, gathered first: a body that ends within keep.upTo comes back whole.
  const whole = await new Promise<Buffer | undefined>((resolve) => new Pump(reply, body, decoder, keep?.upTo, resolve).start());
  if (whole) await sendWhole(reply, whole, keep!.transformer, false);
}

/**
 * Sends a body rewritten as it streams (masking): the provider's bytes through the decoder and the
 * rewriting stream, then through the scrubber to the browser like any streamed answer (Pump), with
 * backpressure from the browser's socket to the provider. With `keep` (an answer of unknown
 * length the cache may keep), the raw bytes are gathered up to keep.upTo first: a body that ends
 * within it is kept and sent whole, as before; a larger one streams on, uncached.
 */
async function deliverStreamed(
  reply: Reply,
  body: Readable | UpstreamBody,
  decoder: Transform | null,
  streamed: StreamedBody,
  keep: DeliveryOptions['keep'],
): Promise<void> {
  Object.assign(reply.headers, streamed.headers);
  const raw = isUpstreamBody(body) ? body.toReadable() : body;
  let source: Readable = decoder ? pipeline(raw, decoder, ignore) : raw;
  if (keep) {
    const gathered = await gatherUpTo(source, keep.upTo);
    if (gathered.kind === 'failed') {
      streamed.stream.destroy();
      if (!reply.res.destroyed) fail(reply.res, reply.options.errors.describe(gathered.error), reply.options);
      return;
    }
    if (gathered.kind === 'whole') {
      streamed.stream.destroy();
      return sendWhole(reply, gathered.bytes, keep.transformer, false);
    }
    source = gathered.rest;
  }
  const masked = pipeline(source, streamed.stream, ignore);
  // The rewriting stream counts the raw bytes against the cap; what it writes is not capped again.
  const streaming: Reply = { ...reply, options: { ...reply.options, maxBytes: Number.POSITIVE_INFINITY } };
  await new Promise<void>((resolve) => new Pump(streaming, masked, null, undefined, () => resolve()).start());
}

type Gathered = { kind: 'whole'; bytes: Buffer } | { kind: 'rest'; rest: Readable } | { kind: 'failed'; error: unknown };

/** Reads `source` up to `upTo` bytes: whole when it ends within them, else what was read and the rest, as one stream. */
function gatherUpTo(source: Readable, upTo: number): Promise<Gathered> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      source.off('data', data);
      source.off('end', end);
      source.off('error', failed);
    };
    const data = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= upTo) return;
      stop();
      source.pause();
      const rest = new PassThrough();
      for (const held of chunks) rest.write(held);
      source.on('error', (error: unknown) => rest.destroy(error as Error));
      resolve({ kind: 'rest', rest: source.pipe(rest) });
    };
    const end = () => {
      stop();
      resolve({ kind: 'whole', bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    };
    const failed = (error: unknown) => {
      stop();
      discard(source);
      resolve({ kind: 'failed', error });
    };
    source.on('data', data);
    source.on('end', end);
    source.on('error', failed);
  });
}

/** One answer's way to the browser: what deliver decided before the body is read. */
interface Reply {
  res: ServerResponse;
  status: number;
  headers: Record<string, string>;
  noBody: boolean;
  options: DeliveryOptions;
}

/** Sends a body that is here whole: transformed first when a transformer is given (`owned`: it may keep the bytes), then scrubbed. */
async function sendWhole(reply: Reply, bytes: Buffer, transformer: Transformer | undefined, owned: boolean): Promise<void> {
  const { res, status, headers, noBody, options } = reply;
  if (transformer) {
    // --- masking: begin ---
    let transformed: TransformedBody;
    try {
      const result = transformer.transform(bytes, headers['content-type']!, owned);
      // Masking answers at once: a turn of the microtask queue is saved when it does.
      transformed = result instanceof Promise ? await result : result;
    } catch (error) {
      // A failure the transform names (masking's answer_not_maskable) reaches the browser as it is.
      const failure: UpstreamFailure =
        error instanceof UpstreamFailureError
          ? error.failure
          : {
              kind: 'failure',
              status: 502,
              code: 'answer_transform_failed',
              message: `The answer could not be prepared for the browser: ${(error as Error).message}`,
            };
      if (!res.destroyed) fail(res, failure, options);
      return;
    }
    bytes = Buffer.isBuffer(transformed) ? transformed : transformed.body;
    if (!Buffer.isBuffer(transformed)) Object.assign(headers, transformed.headers);
    // --- masking: end ---
  }
  if (res.destroyed) return;
  if (noBody || bytes.length <= WRITE_SLICE_BYTES) {
    const out = noBody ? EMPTY : options.scrub.bytes(bytes);
    if (!noBody) headers['content-length'] = String(out.length);
    res.writeHead(status, headers);
    res.end(out);
    return;
  }
  await sendSliced(reply, bytes);
}

/**
 * Sends a large whole body: scrubbed a slice per turn of the event loop (a slice with no key is
 * passed on as a view, not copied), so other requests (/healthz) are answered in between; then
 * written with its length, waiting for the socket to drain when it is full.
 */
async function sendSliced({ res, status, headers, options }: Reply, body: Buffer): Promise<void> {
  const scrubber = options.scrub.stream();
  const parts: Buffer[] = [];
  let length = 0;
  // No key to scrub (a demo answer): the slices are the body's own.
  if (options.scrub.empty)
    for (let at = 0; at < body.length; at += WRITE_SLICE_BYTES) parts.push(body.subarray(at, at + WRITE_SLICE_BYTES));
  else
    for (let at = 0; at < body.length; at += WRITE_SLICE_BYTES) {
      const part = scrubber.push(body.subarray(at, at + WRITE_SLICE_BYTES));
      parts.push(part);
      length += part.length;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (res.destroyed) return;
    }
  const last = scrubber.end();
  parts.push(last);
  length = options.scrub.empty ? body.length : length + last.length;
  headers['content-length'] = String(length);
  res.writeHead(status, headers);
  for (let i = 0; i < parts.length - 1 && !res.destroyed; i++) {
    if (!res.write(parts[i]!)) await drained(res);
    else if (i % 8 === 7) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (!res.destroyed) res.end(parts[parts.length - 1]);
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
 *
 * With `gatherUpTo` (the answer cache), raw bytes are gathered up to that many: a body that ends
 * within it is handed back whole (`done(body)`), for deliver to transform and send; past it, what
 * was gathered goes through the scrubber and the rest streams as above (`done(undefined)`).
 */
class Pump implements BodySink {
  private readonly source: Readable | UpstreamBody;
  private readonly scrubber: StreamScrubber;
  private size = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private started = false;
  private awaitingDrain = false;
  private settled = false;
  /** Raw chunks held for the cache, until the body ends or passes gatherUpTo. */
  private gathered: Buffer[] | undefined;

  constructor(
    private readonly reply: Reply,
    private readonly body: Readable | UpstreamBody,
    private readonly decoder: Transform | null,
    private readonly gatherUpTo: number | undefined,
    private readonly done: (whole: Buffer | undefined) => void,
  ) {
    // A decoder comes with a stream body (deliver turns a provider's body into one for it).
    this.source = decoder ? (body as Readable).pipe(decoder) : body;
    this.scrubber = reply.options.scrub.stream();
    if (gatherUpTo !== undefined && !reply.noBody) this.gathered = [];
  }

  start(): void {
    // The browser went away: stop reading (the handler cancels the upstream call too).
    this.reply.res.on('close', () => this.abandon(undefined));
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

  private settle(whole?: Buffer): void {
    this.settled = true;
    this.done(whole);
  }

  private abandon(error: unknown): void {
    if (this.settled) return;
    const { res, options } = this.reply;
    discard(this.body);
    discard(this.decoder);
    if (res.destroyed) return this.settle();
    // Once the head is out, the browser can only be told by a cut connection: the chunked body
    // never ends, so its fetch fails rather than reading a truncated answer as complete.
    if (this.started || res.headersSent) res.destroy();
    else fail(res, options.errors.describe(error), options);
    this.settle();
  }

  data(chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.length;
    if (this.size > this.reply.options.maxBytes) return this.abandon(new UpstreamFailureError(tooLarge(this.reply.options.maxBytes)));
    if (this.reply.noBody) return;
    if (this.gathered) {
      this.gathered.push(chunk);
      if (this.size <= this.gatherUpTo!) return;
      // Too large to keep: what was gathered streams on, like any other answer.
      const gathered = this.gathered;
      this.gathered = undefined;
      for (const held of gathered) this.send(held);
      return;
    }
    this.send(chunk);
  }

  private send(chunk: Buffer): void {
    const out = this.scrubber.push(chunk);
    if (out.length === 0) return;
    if (this.started) return this.write(out);
    this.pending.push(out);
    this.pendingBytes += out.length;
    if (this.pendingBytes < COALESCE_BYTES) return;
    this.started = true;
    this.reply.res.writeHead(this.reply.status, this.reply.headers);
    this.write(this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
  }

  private write(chunk: Buffer): void {
    const { res } = this.reply;
    if (res.write(chunk) || this.awaitingDrain) return;
    // A paused source can still hand over a chunk it already had: wait for one drain, not one per write.
    this.awaitingDrain = true;
    this.source.pause();
    res.once('drain', () => {
      this.awaitingDrain = false;
      this.source.resume();
    });
  }

  end(): void {
    if (this.settled) return;
    if (this.gathered) return this.settle(this.gathered.length === 1 ? this.gathered[0]! : Buffer.concat(this.gathered, this.size));
    const { res, status, headers, noBody } = this.reply;
    const last = noBody ? EMPTY : this.scrubber.end();
    if (this.started) res.end(last);
    else {
      if (last.length > 0) this.pending.push(last);
      const whole = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
      res.writeHead(status, noBody ? headers : { ...headers, 'content-length': String(whole.length) });
      res.end(whole);
    }
    this.settle();
  }
}
