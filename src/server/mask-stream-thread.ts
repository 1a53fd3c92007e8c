// One mask thread's side of streamed masking (decisions 042 and 050): whole answers live here.
// The server's thread hands over the provider's raw bytes in batches (moved, not copied) and gets
// masked bytes back (moved too), with each batch's memory once the stream has taken it; the
// decoding, the record splitter's scan, the masking of each record and the encoding back to UTF-8
// all run on this thread, in the same MaskingStream the server's thread ran before (so the bytes
// are the same), masking inline. Several answers share a thread, each an open session keyed by its id.
import { UpstreamFailureError, type UpstreamFailure } from './live-upstream.ts';
import { registryIndex } from '../lookups/registry.ts';
import type { MaskPolicy } from '../lookups/wire.ts';
import type { BodyTransformContext } from './body-transform.ts';
import { maskingTransform } from './masking-transform.ts';
import { MaskingStream } from './masking-stream.ts';

/** What the server's thread sends: an answer opens, its raw bytes, its end, or its abandonment. */
export type ToMaskThread =
  | {
      kind: 'open';
      id: number;
      lookupId: string;
      operationId: string;
      policy: MaskPolicy;
      secret: string;
      maxBytes: number;
      context: BodyTransformContext;
    }
  | { kind: 'chunk'; id: number; bytes: Uint8Array }
  | { kind: 'end'; id: number }
  | { kind: 'close'; id: number };

/**
 * What the thread sends back: masked bytes (with how many raw batches it has taken since, and
 * their memory, to be filled again), the end, a failure.
 */
export type FromMaskThread =
  | { kind: 'ready' }
  | { kind: 'out'; id: number; bytes: Uint8Array[]; taken: number; spare: ArrayBuffer[] }
  | { kind: 'done'; id: number }
  | { kind: 'failed'; id: number; failure?: UpstreamFailure; message: string };

export type Post = (message: FromMaskThread, transfer?: ArrayBuffer[]) => void;

interface Session {
  stream: MaskingStream;
  out: Buffer[];
  taken: number;
  /** The memory of the raw batches taken since the last send: the server's thread fills it again. */
  spare: ArrayBuffer[];
  flushing: boolean;
}

const sessions = new Map<number, Session>();
const transforms = new Map<string, ReturnType<typeof maskingTransform>>();

/** A buffer that owns its whole ArrayBuffer, so it can be moved to the server's thread. */
function movable(bytes: Buffer): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/**
 * Sends what the session wrote since the last send, and the raw batches it took, in one message:
 * each piece moved as it is (joining them would copy them into memory fresh from the system).
 */
function flush(id: number, session: Session, post: Post): void {
  session.flushing = false;
  if (session.out.length === 0 && session.taken === 0) return;
  const bytes = session.out.map(movable);
  const { spare } = session;
  post({ kind: 'out', id, bytes, taken: session.taken, spare }, [...bytes.map((piece) => piece.buffer as ArrayBuffer), ...spare]);
  session.out = [];
  session.taken = 0;
  session.spare = [];
}

/** Sends soon, once the stream's synchronous pushes of this turn are in (one message for them all). */
function flushSoon(id: number, session: Session, post: Post): void {
  if (session.flushing) return;
  session.flushing = true;
  setImmediate(() => {
    if (sessions.get(id) === session) flush(id, session, post);
  });
}

function open(message: Extract<ToMaskThread, { kind: 'open' }>, post: Post): void {
  const { id, policy, secret, context } = message;
  const found = registryIndex.operation(message.lookupId, message.operationId);
  if (!found) return post({ kind: 'failed', id, message: `Lookup ${message.lookupId} has no operation ${message.operationId}` });
  const { lookup, operation } = found;
  const name = `${policy} ${secret}`;
  let whole = transforms.get(name);
  if (!whole) transforms.set(name, (whole = maskingTransform(policy, secret)));
  const maskWhole = async (bytes: Buffer) => {
    const out = await whole(lookup, operation, bytes, { ...context, owned: true });
    return Buffer.isBuffer(out) ? out : out.body;
  };
  const stream = new MaskingStream({ lookup, operation, secret, maxBytes: message.maxBytes, maskWhole });
  const session: Session = { stream, out: [], taken: 0, spare: [], flushing: false };
  sessions.set(id, session);
  stream.on('data', (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    session.out.push(bytes);
    flushSoon(id, session, post);
  });
  stream.on('end', () => {
    flush(id, session, post);
    sessions.delete(id);
    post({ kind: 'done', id });
  });
  stream.on('error', (error: Error) => {
    if (sessions.get(id) !== session) return;
    sessions.delete(id);
    flush(id, session, post);
    post(
      error instanceof UpstreamFailureError
        ? { kind: 'failed', id, failure: error.failure, message: error.message }
        : { kind: 'failed', id, message: error.message },
    );
  });
}

/** Handles one message from the server's thread. */
export function handleMessage(message: ToMaskThread, post: Post): void {
  if (message.kind === 'open') return open(message, post);
  const session = sessions.get(message.id);
  if (!session) return;
  if (message.kind === 'chunk') {
    const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
    // The stream keeps nothing of a chunk past its write (MaskingStream copies what it holds on to).
    session.stream.write(bytes, () => {
      session.taken += 1;
      session.spare.push(message.bytes.buffer as ArrayBuffer);
      flushSoon(message.id, session, post);
    });
  } else if (message.kind === 'end') {
    session.stream.end();
  } else {
    sessions.delete(message.id);
    session.stream.destroy();
  }
}

/** Answers open on this thread (tests). */
export const openSessions = () => sessions.size;
