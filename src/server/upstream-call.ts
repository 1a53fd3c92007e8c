// One call to a provider, as undici's dispatch handler: the answer's head resolves a promise, its
// body is handed chunk by chunk to whoever reads it (the proxy's size cap and scrubber), with
// backpressure through undici's pause and resume. The same exchange through undici's `request`
// built a Readable stream, an async resource and their events for every answer, a sizeable part
// of what the proxy cost per request; a reader that needs a stream (a decoder) asks for one.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { errors, type Dispatcher } from 'undici';

/** Where a body's chunks go: `data` for each, then `end` or `error`, once. */
export interface BodySink {
  data(chunk: Buffer): void;
  end(): void;
  error(error: unknown): void;
}

/**
 * Cancels one exchange, body included: abort() before, during or after it (then it changes
 * nothing). One listener, no EventEmitter: an AbortController with a listener costs 15–25 µs per
 * request on Node 20 (measured), most of a core at thousands of requests a second.
 */
export class Cancellation {
  aborted = false;
  private listener: (() => void) | undefined;

  /** The one listener, called once when the exchange is cancelled (at once if it already was). */
  onAbort(listener: () => void): void {
    if (this.aborted) listener();
    else this.listener = listener;
  }

  /** The exchange is over: nothing to cancel any more. */
  clear(): void {
    this.listener = undefined;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }
}

export interface UpstreamHead {
  status: number;
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
}

/** The body of one provider answer, read once: `read` with a sink, or `toReadable` for a stream. */
export interface UpstreamBody {
  read(sink: BodySink): void;
  pause(): void;
  resume(): void;
  /** Stops the call (the provider's connection is closed); nothing more reaches the sink. */
  destroy(): void;
  toReadable(): Readable;
}

export function isUpstreamBody(body: unknown): body is UpstreamBody {
  return body instanceof UpstreamCall;
}

/** The dispatch handler of one call, and the body of its answer. */
export class UpstreamCall implements Dispatcher.DispatchHandler, UpstreamBody {
  readonly head: Promise<UpstreamHead>;
  private resolveHead!: (head: UpstreamHead) => void;
  private rejectHead!: (error: unknown) => void;
  private controller: Dispatcher.DispatchController | undefined;
  private reason: Error | undefined;
  private headArrived = false;
  /** undici is done with the call: it ended or failed. */
  private finished = false;
  private sink: BodySink | undefined;
  /** Chunks that arrived before the body was read (undici parses head and body in one go). */
  private early: Buffer[] | undefined;
  private ended = false;
  private failure: { error: unknown } | undefined;
  private detached = false;

  constructor(private readonly cancellation: Cancellation) {
    this.head = new Promise<UpstreamHead>((resolve, reject) => {
      this.resolveHead = resolve;
      this.rejectHead = reject;
    });
    cancellation.onAbort(() => this.abort(new errors.RequestAbortedError()));
  }

  // --- undici's side ---

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.reason) controller.abort(this.reason);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational answer (1xx) is not the answer: the final one follows.
    if (statusCode < 200) return;
    this.headArrived = true;
    this.resolveHead({ status: statusCode, headers, body: this });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.detached) return;
    if (this.sink) this.sink.data(chunk);
    else (this.early ??= []).push(chunk);
  }

  onResponseEnd(): void {
    this.finish();
    if (this.detached) return;
    if (this.sink) this.sink.end();
    else this.ended = true;
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finish();
    if (!this.headArrived) this.rejectHead(error);
    else if (this.detached) return;
    else if (this.sink) this.sink.error(error);
    else this.failure = { error };
  }

  private finish(): void {
    this.finished = true;
    this.cancellation.clear();
  }

  private abort(reason: Error): void {
    if (this.finished || this.reason) return;
    this.reason = reason;
    // Before undici started the call, onRequestStart aborts it.
    this.controller?.abort(reason);
  }

  // --- the reader's side ---

  read(sink: BodySink): void {
    if (this.sink || this.detached) throw new Error('An answer body is read once');
    this.sink = sink;
    const early = this.early;
    this.early = undefined;
    if (early) for (const chunk of early) if (!this.detached) sink.data(chunk);
    if (this.detached) return;
    if (this.failure) sink.error(this.failure.error);
    else if (this.ended) sink.end();
  }

  pause(): void {
    this.controller?.pause();
  }

  resume(): void {
    this.controller?.resume();
  }

  destroy(): void {
    this.detached = true;
    this.sink = undefined;
    this.early = undefined;
    this.abort(new errors.RequestAbortedError());
  }

  toReadable(): Readable {
    const readable = new Readable({
      read: () => this.resume(),
      destroy: (error, callback) => {
        this.destroy();
        callback(error);
      },
    });
    this.read({
      data: (chunk) => {
        if (!readable.push(chunk)) this.pause();
      },
      end: () => readable.push(null),
      error: (error) => readable.destroy(error as Error),
    });
    return readable;
  }
}
