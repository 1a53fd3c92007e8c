// Masking a JSON answer as it streams (decisions 031 and 049). The record splitter the page uses
// for big answers (lookups/json-splitter.ts) finds the records array and keeps the envelope (the
// body around it); the array's text goes, piece by piece as it arrives, to the record masking's
// stream (lookups/masking-text.ts), which masks each record as soon as a piece completes it and
// gives its bytes at once, so a 56 MB answer starts reaching the browser while the provider is
// still sending it, in one pass over its text. The envelope is masked as a whole: it is small, and
// held up to ENVELOPE_MAX_CHARS. The bytes are the whole-body masking's (masking-transform.ts): the
// masked body serialised by JSON.stringify, which serialises an array element by element.
//
// A server runs each answer's stream on a mask thread of its own (mask-stream-pool.ts, decision
// 042); without those threads (tests), on the thread that calls. A body whose records the splitter
// cannot find (R's profile is its own record, a body that is not JSON) is masked whole, as before,
// when it ends within WHOLE_MAX_BYTES; a larger one is refused before a byte is sent. Masking is
// synchronous, a piece at a time, and the stream waits for the browser's socket (Transform
// backpressure), so an answer holds about a piece in memory.
import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import type { MaskPolicy } from '../lookups/wire.ts';
import { recordsOf } from '../lookups/answer.ts';
import { JsonSplitter, type PathKey } from '../lookups/json-splitter.ts';
import { recordMasking, type RecordMasking } from '../lookups/masking.ts';
import type { RecordsTextStream } from '../lookups/masking-text.ts';
import { valueAt } from '../lookups/record-path.ts';
import type { BodyTransform, BodyTransformContext, StreamBodyTransform } from './body-transform.ts';
import { MASKED, unmaskedAllowed } from './masking-transform.ts';
import { tooLarge, UpstreamFailureError, type UpstreamFailure } from './live-upstream.ts';
import { keyedCode } from './pseudonyms.ts';

/** The envelope (everything outside the records array) is held up to this many characters. */
export const ENVELOPE_MAX_CHARS = 1024 * 1024;
/**
 * The text is masked this much at a time: a larger chunk (a mask thread gets batches of up to
 * 1 MiB) is taken in pieces. Masking a 63 MB answer took twice as long in 1 MiB pieces as in 64 KiB
 * ones: a piece's text is read three times, and a small one is still in the cache the next time.
 */
export const PIECE_BYTES = 64 * 1024;
/** A body whose records cannot be found is masked whole up to this size; a larger one is refused. */
export const WHOLE_MAX_BYTES = 64 * 1024 * 1024;

export interface StreamMaskingOptions {
  lookup: AnyLookup;
  operation: AnyOperation;
  secret: string;
  /** The provider's raw bytes are refused past this many (the proxy's cap). */
  maxBytes: number;
  /** The whole-body masking, for a body whose records cannot be found (resolves to its masked bytes). */
  maskWhole: (bytes: Buffer) => Promise<Buffer>;
  /** Default of the constant above, for tests. */
  wholeMaxBytes?: number;
}

const maskings = new Map<string, RecordMasking | undefined>();

/** The record masking of a lookup for its records at `recordsPath` under `secret` (built once each). */
export function recordMaskingFor(lookup: AnyLookup, recordsPath: readonly PathKey[], secret: string): RecordMasking | undefined {
  const name = `${lookup.id}\u0000${JSON.stringify(recordsPath)}\u0000${secret}`;
  if (!maskings.has(name)) maskings.set(name, recordMasking(lookup.personalData, recordsPath, keyedCode(secret)));
  return maskings.get(name);
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

/**
 * The masked body of one answer as a stream: raw JSON bytes in, masked bytes out. It fails with an
 * UpstreamFailureError (before any output when it can: nothing leaves before the records are found).
 */
export class MaskingStream extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  private readonly splitter: JsonSplitter;
  /** The raw bytes, copied and kept until the records are found (then masked whole if they never are). */
  private raw: Buffer[] | undefined = [];
  private rawBytes = 0;
  private masking: RecordMasking | undefined;
  /** The records array's masking, once it opened. */
  private records: RecordsTextStream | undefined;
  private path: readonly PathKey[] = [];
  /** The masked envelope's text before the records (sent when the records were found). */
  private head = '';
  private readonly marker = `mask-stream-${randomUUID()}`;
  private readonly wholeMaxBytes: number;

  constructor(private readonly options: StreamMaskingOptions) {
    super();
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

  // Masking is synchronous, a piece at a time: the Transform holds the next write while the
  // browser's side is full.
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.rawBytes += chunk.length;
    if (this.rawBytes > this.options.maxBytes) return callback(new UpstreamFailureError(tooLarge(this.options.maxBytes)));
    if (this.raw) {
      if (this.rawBytes > this.wholeMaxBytes)
        return callback(
          tooLargeToMask(this.options.lookup, this.wholeMaxBytes, `its records were not found in the first ${this.wholeMaxBytes} bytes`),
        );
      // A copy: the chunk's memory is the writer's again once this returns (a mask thread reuses it).
      this.raw.push(Buffer.from(chunk));
    }
    try {
      // A piece at a time: its text, the walk and its bytes stay in the core's cache (decision 050).
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) this.feed(this.decoder.write(chunk.subarray(at, at + PIECE_BYTES)));
    } catch (error) {
      return callback(this.failure(error));
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.finish().then(
      () => callback(),
      (error: unknown) => callback(this.failure(error)),
    );
  }

  /** Text that is not JSON fails as the whole-body masking fails on it. */
  private failure(error: unknown): Error {
    return error instanceof SyntaxError || error instanceof RangeError ? notMaskable(this.options.lookup) : (error as Error);
  }

  private feed(text: string): void {
    if (text === '') return;
    let rest: string | undefined = text;
    let records = this.records;
    if (!records) {
      rest = this.splitter.feedToRecords(text);
      if (rest === undefined) return;
      records = this.found(this.splitter.recordsPath()!);
    }
    if (records.open) {
      const piece = records.feed(rest);
      if (piece.utf8.length > 0) this.push(piece.utf8);
      if (piece.after === undefined) return;
      this.splitter.recordsClosed();
      rest = piece.after;
    }
    this.splitter.feed(rest);
    if (this.splitter.charsAfterRecords() > ENVELOPE_MAX_CHARS)
      throw tooLargeToMask(this.options.lookup, ENVELOPE_MAX_CHARS, 'the part around its records is too large');
  }

  /** The records array opened: the masked envelope's head goes out, the raw bytes are let go; its masking from here. */
  private found(path: readonly PathKey[]): RecordsTextStream {
    this.masking = recordMaskingFor(this.options.lookup, path, this.options.secret)!;
    const records = (this.records = this.masking.recordsStream());
    this.path = path;
    this.raw = undefined;
    const partial = this.splitter.partial()!;
    this.head = this.envelopeAround(partial.skeleton).head;
    this.push(this.head);
    return records;
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

  private async finish(): Promise<void> {
    this.feed(this.decoder.end());
    if (!this.records) {
      // The records were never found: the whole body, masked as before (it is within wholeMaxBytes).
      const raw = this.raw!;
      this.raw = undefined;
      this.push(await this.options.maskWhole(raw.length === 1 ? raw[0]! : Buffer.concat(raw, this.rawBytes)));
      return;
    }
    this.records.finish();
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
 * found; with `onThread`, each answer is masked on a thread of its own (mask-stream-pool.ts).
 */
export function streamingMasking(policy: MaskPolicy, secret: string, whole: BodyTransform, onThread?: MaskOnThread): StreamBodyTransform {
  return (lookup, operation, context, maxBytes) => {
    if (unmaskedAllowed(policy, context.requestHeaders)) return undefined;
    // The answer on a mask thread (decision 042) when the server started them; else on this one.
    const task = { policy, secret, maxBytes, context: { ...context, requestHeaders: { ...context.requestHeaders } } };
    const threaded = onThread?.(lookup, operation, task);
    if (threaded) return { stream: threaded, headers: MASKED };
    const maskWhole = async (bytes: Buffer) => {
      const out = await whole(lookup, operation, bytes, { ...context, owned: true });
      return Buffer.isBuffer(out) ? out : out.body;
    };
    return {
      stream: new MaskingStream({ lookup, operation, secret, maxBytes, maskWhole }),
      headers: MASKED,
    };
  };
}
