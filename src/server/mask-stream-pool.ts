// Streamed masking with each answer on a mask thread of its own choosing (decision 042). Profiled
// under four masked 100,000-record answers at once, the server's thread was what bounded them:
// decoding, the record splitter's scan, joining each batch's text and copying it to a thread took
// most of its time. Here the server's thread only moves buffers: the provider's raw bytes go to the
// answer's thread (copied once, into memory that is then moved) and the masked bytes come back
// moved; the thread runs the same MaskingStream (mask-stream-thread.ts), so the bytes are the same.
//
// The threads (one per core, as the mask pool's) are started with the server and each serves any
// number of answers; an answer stays on the thread it was given (the one with the fewest open), as
// its splitter's state lives there. Raw chunks go over in batches (decision 050): a chunk goes at
// once while fewer than IN_FLIGHT batches of its answer are with the thread, else it joins the next
// batch, which goes when the thread takes one. Moving the bytes cost about a third of what masking
// them did, most of it per message and in fresh memory: a busy thread gets fewer, larger batches,
// an idle one waits for nothing, and the thread gives each batch's memory back to be filled again.
// The next batch holds at most BATCH_BYTES; the provider is read on only while it has room and the
// browser's socket has taken what went before, so an answer holds a few MiB in the server whatever
// its size.
import { Transform, type TransformCallback } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { MaskPolicy } from '../lookups/wire.ts';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import type { BodyTransformContext } from './body-transform.ts';
import { UpstreamFailureError } from './live-upstream.ts';
import type { FromMaskThread, ToMaskThread } from './mask-stream-thread.ts';
import { defaultMaskThreads } from './mask-pool.ts';
import { partLog } from './server-log.ts';

/** Batches of one answer's raw bytes with its thread at once: one masked while the next waits. */
export const IN_FLIGHT = 2;
/** A batch waiting to go holds at most this much (a larger chunk goes alone); the provider waits meanwhile. */
export const BATCH_BYTES = 1024 * 1024;
/** Batches' memory kept to be filled again, per pool: fresh memory of this size costs a page fault per 4 KiB. */
const SPARES_KEPT = 8;
/** A batch up to this size gets fresh memory of its own size (from the allocator's heap, not the system). */
const SMALL_BATCH_BYTES = 64 * 1024;

interface Receiver {
  receive(message: FromMaskThread): void;
  /** The thread is gone: the answer cannot go on. */
  lost(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  answers: Map<number, Receiver>;
  completed: number;
  batchesSent: number;
  /** The pool's batch memory the threads gave back (each BATCH_BYTES long). */
  spares: ArrayBuffer[];
}

export interface MaskStreamPool {
  /** An answer's masking stream on one of the threads: raw bytes in, masked bytes out. */
  open(lookup: AnyLookup, operation: AnyOperation, task: StreamTask): Transform;
  /** Resolves once every thread has loaded the registry. */
  ready(): Promise<void>;
  /** Answers being masked now, per thread (tests). */
  load(): number[];
  /** Answers masked to their end on a thread so far. */
  readonly completed: number;
  /** Batches of raw bytes sent to the threads so far (tests). */
  readonly batchesSent: number;
  /** Batches' memory given back by the threads, waiting to be filled again (tests). */
  spareBatches(): number;
  close(): Promise<void>;
}

export interface StreamTask {
  policy: MaskPolicy;
  secret: string;
  maxBytes: number;
  context: BodyTransformContext;
}

let nextId = 1;

function startThread(spares: ArrayBuffer[]): Thread {
  const worker = new Worker(new URL('./mask-stream-thread-boot.mjs', import.meta.url));
  // An idle thread never keeps the process alive.
  worker.unref();
  const answers = new Map<number, Receiver>();
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromMaskThread) => {
      if (message.kind === 'ready') return resolve();
      answers.get(message.id)?.receive(message);
    });
    const gone = (error: Error) => {
      reject(error);
      for (const answer of answers.values()) answer.lost(error);
      answers.clear();
    };
    worker.on('error', (error) => {
      partLog('mask').warn({ err: error }, 'a streamed-masking thread failed');
      gone(error);
    });
    worker.on('exit', (code) => gone(new Error(`the masking thread stopped (exit code ${code})`)));
  });
  ready.catch(() => undefined);
  return { worker, ready, answers, completed: 0, batchesSent: 0, spares };
}

/** The masked body of one answer, masked on `thread`: a Transform whose output arrives from the thread. */
class ThreadMaskingStream extends Transform implements Receiver {
  private readonly id = nextId++;
  /** Batches sent and not yet taken by the thread's stream. */
  private inFlight = 0;
  /** The raw chunks of the next batch (kept as they came: they are copied once, when it goes). */
  private batch: Buffer[] = [];
  private batchBytes = 0;
  /** The write waiting for room: in the batch and in the browser-side buffer. */
  private waiting: TransformCallback | undefined;
  private flushed: TransformCallback | undefined;
  /** The provider's body ended and the thread was told so (after the last batch). */
  private ended = false;
  /** The browser-side buffer is over its mark (push said so); _read clears it. */
  private full = false;
  private finished = false;

  constructor(
    private readonly thread: Thread,
    open: ToMaskThread,
  ) {
    super();
    thread.answers.set(this.id, this);
    this.send({ ...open, id: this.id } as ToMaskThread);
  }

  private send(message: ToMaskThread, transfer?: ArrayBuffer[]): void {
    this.thread.worker.postMessage(message, transfer);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    this.waiting = callback;
    this.proceed();
  }

  override _read(size: number): void {
    this.full = false;
    this.proceed();
    super._read(size);
  }

  /**
   * Sends the batch when the thread has room for it (and the end after the last), and takes the
   * next chunk when the batch has room and the browser took what went before.
   */
  private proceed(): void {
    if (this.batchBytes > 0 && this.inFlight < IN_FLIGHT) this.sendBatch();
    if (this.flushed && !this.ended && this.batchBytes === 0) {
      this.ended = true;
      this.send({ kind: 'end', id: this.id });
    }
    const callback = this.waiting;
    if (!callback || this.batchBytes >= BATCH_BYTES || this.full) return;
    this.waiting = undefined;
    callback();
  }

  /**
   * The batch in memory of its own, moved to the thread (a provider's chunk may be a view of a
   * larger buffer, which must not be moved): memory a thread gave back, else fresh.
   */
  private sendBatch(): void {
    const { spares } = this.thread;
    // A small batch (a small answer, or a chunk to an idle thread) in memory of its size, which is cheap to get.
    const reused = this.batchBytes > SMALL_BATCH_BYTES && this.batchBytes <= BATCH_BYTES;
    const memory = reused ? (spares.pop() ?? new ArrayBuffer(BATCH_BYTES)) : new ArrayBuffer(this.batchBytes);
    const bytes = new Uint8Array(memory, 0, this.batchBytes);
    let at = 0;
    for (const chunk of this.batch) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.batch = [];
    this.batchBytes = 0;
    this.inFlight += 1;
    this.thread.batchesSent += 1;
    this.send({ kind: 'chunk', id: this.id, bytes }, [bytes.buffer]);
  }

  override _flush(callback: TransformCallback): void {
    this.flushed = callback;
    this.proceed();
  }

  receive(message: FromMaskThread): void {
    if (message.kind === 'out') {
      // A full buffer waits for the browser: the next read (_read) says it took what went before.
      for (const piece of message.bytes) this.full = !this.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
      this.inFlight -= message.taken;
      for (const memory of message.spare)
        if (memory.byteLength === BATCH_BYTES && this.thread.spares.length < SPARES_KEPT) this.thread.spares.push(memory);
      this.proceed();
    } else if (message.kind === 'done') {
      this.finish();
      this.thread.completed += 1;
      this.flushed?.();
    } else if (message.kind === 'failed') {
      this.finish();
      this.destroy(message.failure ? new UpstreamFailureError(message.failure) : new Error(message.message));
    }
  }

  lost(error: Error): void {
    this.finish();
    this.destroy(error);
  }

  private finish(): void {
    this.finished = true;
    this.thread.answers.delete(this.id);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Abandoned (the browser left, the provider failed): the thread lets the answer go.
    if (!this.finished) {
      this.finish();
      this.send({ kind: 'close', id: this.id });
    }
    callback(error);
  }
}

/** A pool of `threads` streamed-masking threads, started now. */
export function createMaskStreamPool(options: { threads?: number } = {}): MaskStreamPool {
  const count = options.threads ?? defaultMaskThreads();
  const spares: ArrayBuffer[] = [];
  const threads = Array.from({ length: count }, () => startThread(spares));
  return {
    open(lookup, operation, task) {
      const live = threads.filter((thread) => thread.worker.threadId >= 0);
      const thread = live.reduce((least, each) => (each.answers.size < least.answers.size ? each : least), live[0] ?? threads[0]!);
      return new ThreadMaskingStream(thread, { kind: 'open', id: 0, lookupId: lookup.id, operationId: operation.id, ...task });
    },
    ready: async () => {
      await Promise.all(threads.map((thread) => thread.ready));
    },
    load: () => threads.map((thread) => thread.answers.size),
    get completed() {
      return threads.reduce((sum, thread) => sum + thread.completed, 0);
    },
    get batchesSent() {
      return threads.reduce((sum, thread) => sum + thread.batchesSent, 0);
    },
    spareBatches: () => spares.length,
    close: async () => {
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

let shared: MaskStreamPool | undefined;

/** Starts the process's streamed-masking threads (the server at start, beside the mask pool). */
export function startMaskStreamPool(options: { threads?: number } = {}): MaskStreamPool {
  shared ??= createMaskStreamPool(options);
  return shared;
}

/** The process's streamed-masking threads, if started. */
export const maskStreamPool = (): MaskStreamPool | undefined => shared;

export async function closeMaskStreamPool(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}
