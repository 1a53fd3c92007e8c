// Reading an answer's body. Whole, as always, unless it is a big JSON answer for the page: then it
// is read as a stream, off the page's thread, by the registered streamer (answer-stream.ts), which
// shows the records as they arrive. Big: a declared length from STREAM_THRESHOLD_BYTES, or, with
// no length (a proxied answer streams chunked), more than PEEK_BYTES read (waiting for 8 MB there
// would hold the first rows back); a smaller answer is read whole and parsed here.
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { readMasked, WIRE_HEADERS } from '../lookups/wire.ts';
import { answerStreamer, type LiveAnswer } from './answer-stream.ts';
import { parseBody, type Parsed } from './parse-body.ts';
import { concatBytes } from './bytes.ts';

/** From this size an answer is read as a stream (below it, parsing it here takes a few tens of ms at most). */
export const STREAM_THRESHOLD_BYTES = 8 * 1024 * 1024;
/** Without a declared length, an answer still going after this many bytes is read as a stream. */
export const PEEK_BYTES = 1024 * 1024;
/** How long a big answer waits for the streamer to register (the viewer's chunk loads meanwhile). */
export const STREAMER_GRACE_MS = 3_000;

export type BodyRead = Parsed & {
  text: string;
  sizeBytes: number;
  /** When the last byte was read. */
  receivedAt: number;
  streamed?: true;
  stoppedAfter?: number;
};

export interface ReadOptions {
  lookup: AnyLookup;
  operation: AnyOperation;
  /** Masking was asked for: records the proxy did not mask are not shown before the interpreter masks them. */
  mask: boolean;
  /** Whether this answer may be streamed (the page's own requests; a bulk run reads its rows whole). */
  stream: boolean;
  signal: AbortSignal;
  onStream?: ((live: LiveAnswer) => void) | undefined;
  /** Bytes arrived: the fetcher's timeout starts again (and stops once the body is complete). */
  onActivity: (bodyComplete?: boolean) => void;
}

async function readWhole(chunks: readonly Uint8Array[], contentType: string, operation: AnyOperation): Promise<BodyRead> {
  const bytes = concatBytes(chunks);
  const receivedAt = performance.now();
  const text = new TextDecoder().decode(bytes);
  return { text, sizeBytes: bytes.byteLength, receivedAt, ...(await parseBody(text, contentType, operation)) };
}

/** The body's length when the answer declares it as sent (a compressed body's length says nothing of the JSON's). */
function declaredLength(response: Response): number | undefined {
  if (response.headers.get('content-encoding')) return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  chunks: Uint8Array[],
  limit = Number.POSITIVE_INFINITY,
): Promise<{ chunks: Uint8Array[]; ended: boolean }> {
  let bytes = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  while (bytes < limit) {
    const { done, value } = await reader.read();
    if (done) return { chunks, ended: true };
    chunks.push(value);
    bytes += value.byteLength;
  }
  return { chunks, ended: false };
}

export async function readAnswerBody(response: Response, contentType: string, options: ReadOptions): Promise<BodyRead> {
  const { operation } = options;
  const json = operation.format === 'json' && !/xml/i.test(contentType);
  const declared = declaredLength(response);
  const body = response.body;
  if (!options.stream || !json || !response.ok || !body || (declared !== undefined && declared < STREAM_THRESHOLD_BYTES)) {
    return readWhole([new Uint8Array(await response.arrayBuffer())], contentType, operation);
  }
  // No declared length: read a little to learn whether the answer is big.
  let head: Uint8Array[] = [];
  if (declared === undefined) {
    const reader = body.getReader();
    const read = await readAll(reader, head, PEEK_BYTES);
    if (read.ended) return readWhole(read.chunks, contentType, operation);
    head = read.chunks;
    reader.releaseLock();
  }
  const streamer = await answerStreamer(STREAMER_GRACE_MS);
  if (!streamer) return readWhole((await readAll(body.getReader(), head)).chunks, contentType, operation);

  const { lookup, mask } = options;
  const maskedByServer = readMasked(response.headers.get(WIRE_HEADERS.masked) ?? undefined) === true;
  const progressive = !(mask && !maskedByServer && lookup.personalData.length > 0);
  const { live, done } = streamer.start({
    lookup,
    operation,
    head,
    rest: body,
    totalBytes: declared,
    progressive,
    onActivity: options.onActivity,
    signal: options.signal,
  });
  options.onStream?.(live);
  const read = await done;
  return {
    text: read.text,
    sizeBytes: read.sizeBytes,
    receivedAt: performance.now(),
    body: read.body,
    ...(read.parseError !== undefined && { parseError: read.parseError }),
    streamed: true,
    ...(read.stoppedAfter !== undefined && { stoppedAfter: read.stoppedAfter }),
  };
}
