// Masking a JSON answer as it streams (decision 031). The record splitter the page uses for big
// answers (lookups/json-splitter.ts) cuts the records array's text at the commas between its
// records; batches of records are masked on a thread of the mask pool, one record at a time, and
// written in order as soon as they are back, so a 56 MB answer starts reaching the browser while
// the provider is still sending it and the server's thread only scans. The envelope (the body
// around the records array) is masked on the server's thread: it is small, and held up to
// ENVELOPE_MAX_CHARS. The bytes are the whole-body masking's (masking-transform.ts): the masked
// body serialised by JSON.stringify, which serialises an array element by element.
//
// A body whose records the splitter cannot find (R's profile is its own record, a body that is
// not JSON) is masked whole, as before, when it ends within WHOLE_MAX_BYTES; a larger one is
// refused before a byte is sent. At most WINDOW batches of an answer are out being masked, and
// the stream waits for the browser's socket (Transform backpressure), so four big answers hold a
// few MB between them and the server's thread stays free for /healthz.
import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import type { MaskPolicy } from '../lookups/wire.ts';
import { recordsOf } from '../lookups/answer.ts';
import { JsonSplitter, type PathKey } from '../lookups/json-splitter.ts';
import { recordMasking, type RecordMasking } from '../lookups/masking.ts';
import { valueAt } from '../lookups/record-path.ts';
import type { BodyTransform, BodyTransformContext, StreamBodyTransform } from './body-transform.ts';
import { MASKED, unmaskedAllowed } from './masking-transform.ts';
import { tooLarge, UpstreamFailureError, type UpstreamFailure } from './live-upstream.ts';
import { keyedCode } from './pseudonyms.ts';

/**
 * Records text gathered before a batch is masked. Kept well under 128 KB: V8 puts a longer string
 * in its large-object space, where joining a batch cost 4 ns a character (a quarter of a 63 MB
 * answer's masking) against next to nothing for a shorter one (decision 048).
 */
export const BATCH_CHARS = 32 * 1024;
/** Batches of one answer being masked at once. */
export const WINDOW = 2;
/** The envelope (everything outside the records array) is held up to this many characters. */
export const ENVELOPE_MAX_CHARS = 1024 * 1024;
/** A body whose records cannot be found is masked whole up to this size; a larger one is refused. */
export const WHOLE_MAX_BYTES = 64 * 1024 * 1024;
/** A batch this small is masked inline: a thread's round trip would cost more. */
const INLINE_CHARS = 16 * 1024;

/** Masks a batch of records (their text, comma-separated, no brackets) and gives them masked, as UTF-8. */
export type MaskRecordsText = (
  task: { lookupId: string; recordsPath: readonly PathKey[]; secret: string; text: string },
  inline: () => Buffer,
) => Buffer | Promise<Buffer>;

export interface StreamMaskingOptions {
  lookup: AnyLookup;
  operation: AnyOperation;
  secret: string;
  /** The provider's raw bytes are refused past this many (the proxy's cap). */
  maxBytes: number;
  /** Masks a batch off the server's thread (mask-pool.ts); default inline. */
  maskOffThread?: MaskRecordsText;
  /** The whole-body masking, for a body whose records cannot be found (resolves to its masked bytes). */
  maskWhole: (bytes: Buffer) => Promise<Buffer>;
  /** Defaults of the constants above, for tests. */
  batchChars?: number;
  wholeMaxBytes?: number;
}

const maskings = new Map<string, RecordMasking | undefined>();

/** The record masking of a lookup for its records at `recordsPath` under `secret` (built once each). */
export function recordMaskingFor(lookup: AnyLookup, recordsPath: readonly PathKey[], secret: string): RecordMasking | undefined {
  const name = `${lookup.id}\u0000${JSON.stringify(recordsPath)}\u0000${secret}`;
  if (!maskings.has(name)) maskings.set(name, recordMasking(lookup.personalData, recordsPath, keyedCode(secret)));
  return maskings.get(name);
}

/** Masks a batch of records on this thread, as UTF-8 (a buffer of its own when walked as text): what a pool thread runs too. */
export function maskRecordsText(lookup: AnyLookup, recordsPath: readonly PathKey[], secret: string, text: string): Buffer {
  const masking = recordMaskingFor(lookup, recordsPath, secret);
  if (!masking) throw new Error(`${lookup.id}'s records at ${JSON.stringify(recordsPath)} cannot be masked one by one`);
  const walked = masking.recordsUtf8(text);
  if (walked !== undefined) return Buffer.from(walked.buffer, walked.byteOffset, walked.byteLength);
  const records = JSON.parse(`[${text}]`) as unknown[];
  let out = '';
  for (let i = 0; i < records.length; i++) out += (i === 0 ? '' : ',') + JSON.stringify(masking.record(records[i]));
  return Buffer.from(out);
}

export function notMaskable(lookup: AnyLookup): UpstreamFailureError {
  return new UpstreamFailureError({
    kind: 'failure',
    status: 502,
    code: 'answer_not_maskable',
    message: `The answer of ${lookup.id} is not valid JSON, so its personal data cannot be masked; it was withheld`,
  });
}

function tooLargeToMask(lookup: AnyLookup, limit: number, what: string): UpstreamFailureError {
  const failure: UpstreamFailure = {
    kind: 'failure',
    status: 502,
    code: 'answer_too_large_to_mask',
    message: `The answer of ${lookup.id} is too large to mask: ${what} (at most ${limit} bytes are masked whole); narrow the query`,
    cause: `masking limit ${limit}`,
  };
  return new UpstreamFailureError(failure);
}

const EMPTY = Buffer.alloc(0);

interface Batch {
  done: boolean;
  masked: Buffer;
  promise: Promise<void>;
  failure?: unknown;
}

/**
 * The masked body of one answer as a stream: raw JSON bytes in, masked bytes out. It fails with an
 * UpstreamFailureError (before any output when it can: nothing leaves before the records are found).
 */
export class MaskingStream extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  private readonly splitter: JsonSplitter;
  /** The raw bytes, kept until the records are found (then masked whole if they never are). */
  private raw: Buffer[] | undefined = [];
  private rawBytes = 0;
  private masking: RecordMasking | undefined;
  private path: readonly PathKey[] = [];
  /** The masked envelope's text before and after the records (head sent when the records were found). */
  private head = '';
  private readonly marker = `mask-stream-${randomUUID()}`;
  private gathered: string[] = [];
  private gatheredChars = 0;
  private readonly queue: Batch[] = [];
  private batchesOut = 0;
  private readonly batchChars: number;
  private readonly wholeMaxBytes: number;

  constructor(private readonly options: StreamMaskingOptions) {
    super();
    this.batchChars = options.batchChars ?? BATCH_CHARS;
    this.wholeMaxBytes = options.wholeMaxBytes ?? WHOLE_MAX_BYTES;
    const { operation } = options;
    this.splitter = new JsonSplitter({
      isRecords: (bodySoFar, path) => {
        const records = recordsOf(operation, bodySoFar);
        return (
          Array.isArray(records) &&
          records === valueAt(bodySoFar, path) &&
          recordMaskingFor(options.lookup, path, options.secret) !== undefined
        );
      },
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.rawBytes += chunk.length;
    if (this.rawBytes > this.options.maxBytes) return callback(new UpstreamFailureError(tooLarge(this.options.maxBytes)));
    if (this.raw) {
      if (this.rawBytes > this.wholeMaxBytes)
        return callback(
          tooLargeToMask(this.options.lookup, this.wholeMaxBytes, `its records were not found in the first ${this.wholeMaxBytes} bytes`),
        );
      this.raw.push(chunk);
    }
    try {
      this.feed(this.decoder.write(chunk));
    } catch (error) {
      return callback(error as Error);
    }
    // Backpressure: at most WINDOW batches out; wait for the oldest before reading on.
    const oldest = this.queue.length > WINDOW ? this.queue[0] : undefined;
    if (!oldest) return callback();
    oldest.promise.then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.finish().then(() => callback(), callback);
  }

  private feed(text: string): void {
    const { splitter } = this;
    splitter.feed(text);
    if (!this.masking) {
      const path = splitter.recordsPath();
      if (!path) return;
      this.found(path);
    }
    // Only the text after the records counts: a chunk may hold the records' end and what follows.
    if (splitter.charsAfterRecords() > ENVELOPE_MAX_CHARS)
      throw tooLargeToMask(this.options.lookup, ENVELOPE_MAX_CHARS, 'the part around its records is too large');
    const taken = splitter.take();
    if (taken) {
      this.gathered.push(taken.text);
      this.gatheredChars += taken.text.length;
    }
    if (this.gatheredChars >= this.batchChars) this.dispatch();
  }

  /** The records array opened: the masked envelope's head goes out, the raw bytes are let go. */
  private found(path: readonly PathKey[]): void {
    this.masking = recordMaskingFor(this.options.lookup, path, this.options.secret)!;
    this.path = path;
    this.raw = undefined;
    const partial = this.splitter.partial()!;
    this.head = this.envelopeAround(partial.skeleton).head;
    this.push(this.head);
  }

  /** The masked envelope's text before and after its records array. */
  private envelopeAround(skeletonText: string): { head: string; tail: string } {
    let skeleton: unknown;
    try {
      skeleton = JSON.parse(skeletonText);
    } catch {
      throw notMaskable(this.options.lookup);
    }
    const masked = this.masking!.envelope(skeleton);
    const out = JSON.stringify(this.path.length === 0 ? this.marker : putAt(masked, this.path, this.marker));
    const at = out.indexOf(`"${this.marker}"`);
    if (at < 0) throw new Error('the masked envelope lost its records array');
    return { head: `${out.slice(0, at)}[`, tail: `]${out.slice(at + this.marker.length + 2)}` };
  }

  private dispatch(): void {
    if (this.gatheredChars === 0) return;
    const text = this.gathered.length === 1 ? this.gathered[0]! : this.gathered.join(',');
    this.gathered = [];
    this.gatheredChars = 0;
    const { lookup, secret, maskOffThread } = this.options;
    const task = { lookupId: lookup.id, recordsPath: this.path, secret, text };
    const batch: Batch = { done: false, masked: EMPTY, promise: Promise.resolve() };
    const inline = () => maskRecordsText(lookup, task.recordsPath, secret, text);
    const masked = (): Buffer | Promise<Buffer> => (maskOffThread && text.length >= INLINE_CHARS ? maskOffThread(task, inline) : inline());
    batch.promise = Promise.resolve()
      .then(masked)
      .then(
        (out) => {
          batch.masked = out;
          batch.done = true;
          this.sendDone();
        },
        (error: unknown) => {
          batch.failure = error instanceof UpstreamFailureError ? error : error instanceof SyntaxError ? notMaskable(lookup) : error;
          batch.done = true;
          this.sendDone();
        },
      );
    this.queue.push(batch);
  }

  /** Writes the batches that are back, in order. */
  private sendDone(): void {
    while (this.queue.length > 0 && this.queue[0]!.done) {
      const batch = this.queue.shift()!;
      if (batch.failure !== undefined) {
        this.destroy(batch.failure as Error);
        return;
      }
      if (this.batchesOut > 0) this.push(',');
      this.push(batch.masked);
      this.batchesOut += 1;
    }
  }

  private async finish(): Promise<void> {
    this.feed(this.decoder.end());
    if (!this.masking) {
      // The records were never found: the whole body, masked as before (it is within wholeMaxBytes).
      const raw = this.raw!;
      this.raw = undefined;
      this.push(await this.options.maskWhole(raw.length === 1 ? raw[0]! : Buffer.concat(raw, this.rawBytes)));
      return;
    }
    this.dispatch();
    // Each batch in order: with several threads a later batch may settle first, and awaiting a
    // settled promise in a loop would spin on microtasks, never letting the earlier batch's answer in.
    for (const batch of this.queue.slice()) {
      await batch.promise;
      if (this.destroyed) return;
    }
    const outcome = this.splitter.end();
    if (outcome.kind !== 'split') throw notMaskable(this.options.lookup);
    const { head, tail } = this.envelopeAround(outcome.skeleton);
    // What went first was masked from the envelope as far as it had come: the rest must not change it.
    if (head !== this.head) throw new Error('the envelope before the records masked differently once the body was complete');
    this.push(tail);
  }
}

/** `body` with `value` at `path` (the path exists: the splitter found the records there). */
function putAt(body: unknown, path: readonly PathKey[], value: unknown): unknown {
  const parent = valueAt(body, path.slice(0, -1)) as Record<PathKey, unknown>;
  parent[path[path.length - 1]!] = value;
  return body;
}

/** Masks a body given in chunks through a MaskingStream and gives the bytes it wrote (tests and the benchmark's reference). */
export function maskStreamed(chunks: readonly Buffer[], options: StreamMaskingOptions): Promise<Buffer> {
  return streamedThrough(chunks, new MaskingStream(options));
}

/** The bytes a masking stream (here or on a thread) writes for a body given in chunks. */
export async function streamedThrough(chunks: readonly Buffer[], stream: Transform): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), stream, async (masked: AsyncIterable<Buffer | string>) => {
    for await (const chunk of masked) out.push(Buffer.from(chunk));
  });
  return Buffer.concat(out);
}

/** Opens an answer's masking stream on a mask thread (mask-stream-pool.ts), or undefined when there is none. */
export type MaskOnThread = (
  lookup: AnyLookup,
  operation: AnyOperation,
  task: { policy: MaskPolicy; secret: string; maxBytes: number; context: BodyTransformContext },
) => Transform | undefined;

/**
 * Masking as a stream for one server's policy and secret: a request that may have its answer
 * unmasked gets none (the proxy streams it as it is); `whole` masks a body whose records are not
 * found, and `maskOffThread` the record batches (mask-pool.ts's offThreadRecords); with `onThread`, a
 * whole answer is masked on a thread of its own (mask-stream-pool.ts) and the batches are not sent one by one.
 */
export function streamingMasking(
  policy: MaskPolicy,
  secret: string,
  whole: BodyTransform,
  maskOffThread?: MaskRecordsText,
  onThread?: MaskOnThread,
): StreamBodyTransform {
  return (lookup, operation, context, maxBytes) => {
    if (unmaskedAllowed(policy, context.requestHeaders)) return undefined;
    // The whole answer on a mask thread (decision 042) when the server started them; else its batches.
    const task = { policy, secret, maxBytes, context: { ...context, requestHeaders: { ...context.requestHeaders } } };
    const threaded = onThread?.(lookup, operation, task);
    if (threaded) return { stream: threaded, headers: MASKED };
    const maskWhole = async (bytes: Buffer) => {
      const out = await whole(lookup, operation, bytes, { ...context, owned: true });
      return Buffer.isBuffer(out) ? out : out.body;
    };
    return {
      stream: new MaskingStream({ lookup, operation, secret, maxBytes, maskWhole, ...(maskOffThread && { maskOffThread }) }),
      headers: MASKED,
    };
  };
}
