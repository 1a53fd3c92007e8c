// The page's side of reading a big answer: reads the body and sends its chunks to the worker as they
// arrive, takes the batches into LiveRecords, publishes snapshots (every SNAPSHOT_MS, less often
// as the table grows), and at the end puts the answer together: the skeleton with the records
// array the table already has, the schema check the worker made. Where there are no workers
// (tests) the same session runs on the page.
// The page reads the body itself rather than transferring the stream to the worker: a transferred
// stream is still pumped by the page's thread, a chunk at a time as the worker asks, so whenever
// the page is busy (taking a batch, painting) the worker waits; read here, the chunks queue up for
// the worker, which never starves (docs/performance.md, "Big answers").
import type { AnswerStreamer, LiveAnswer, LiveSnapshot, StreamedBody, StreamRequest } from '../../api/answer-stream.ts';
import { parseJsonText } from '../../api/json-text.ts';
import { rememberSchemaCheck } from '../../lookups/answer.ts';
import { LiveRecords } from './live-records.ts';
import { ReaderSession } from './reader-session.ts';
import { withRecords } from '../../lookups/record-path.ts';
import type { DoneMessage, FromReader, ToReader } from './stream-protocol.ts';

/** The table follows the arrivals at most this often (the first rows show at once)… */
export const SNAPSHOT_MS = 250;
/** …and once it holds this many records, at most once a second: each snapshot costs the table a pass over its rows. */
export const LARGE_SNAPSHOT_RECORDS = 20_000;
const LARGE_SNAPSHOT_MS = 1_000;

export interface ReaderChannel {
  send(message: ToReader, transfer?: Transferable[]): void;
  close(): void;
}

export type OpenChannel = (request: StreamRequest, deliver: (message: FromReader) => void) => ReaderChannel;

/** A module worker, or the session on this thread where there are no workers. */
export const openReaderChannel: OpenChannel = (request, deliver) => {
  if (typeof Worker !== 'function') {
    const session = new ReaderSession(deliver, () => Promise.resolve(request.operation));
    return { send: (message) => session.handle(message), close: () => undefined };
  }
  const worker = new Worker(new URL('./answer-worker.ts', import.meta.url), { type: 'module', name: 'answer-reader' });
  worker.addEventListener('message', (event: MessageEvent<FromReader>) => deliver(event.data));
  worker.addEventListener('error', (event) => deliver({ type: 'failed', message: event.message || 'The answer reader stopped' }));
  return { send: (message, transfer) => worker.postMessage(message, transfer ?? []), close: () => worker.terminate() };
};

function abortError(): DOMException {
  return new DOMException('The request was cancelled', 'AbortError');
}

export function startAnswerStream(
  request: StreamRequest,
  openChannel: OpenChannel = openReaderChannel,
): { live: LiveAnswer; done: Promise<StreamedBody> } {
  const headBytes = request.head.reduce((sum, bytes) => sum + bytes.byteLength, 0);
  const state = new LiveRecords({ bytes: headBytes, totalBytes: request.totalBytes, records: 0, bytesPerSecond: 0 });
  const listeners = new Set<() => void>();
  let snapshot: LiveSnapshot = { records: [], progress: state.progress, stopping: false };
  let stopping = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSnapshot = Number.NEGATIVE_INFINITY;
  let settled = false;

  const publish = () => {
    timer = undefined;
    lastSnapshot = performance.now();
    snapshot = state.snapshot(stopping);
    for (const listener of listeners) listener();
  };
  const schedule = () => {
    const every = state.records.length < LARGE_SNAPSHOT_RECORDS ? SNAPSHOT_MS : LARGE_SNAPSHOT_MS;
    if (timer === undefined && !settled) timer = setTimeout(publish, Math.max(0, lastSnapshot + every - performance.now()));
  };

  let resolve!: (body: StreamedBody) => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<StreamedBody>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const reader = request.rest.getReader();
  const settle = () => {
    settled = true;
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
    channel.close();
    // Nothing more is read: a download still going (Stop, a cancel) ends here.
    void reader.cancel().catch(() => undefined);
  };

  const channel = openChannel(request, (message) => {
    if (settled) return;
    if (message.type === 'batch') {
      state.append(message);
      schedule();
    } else if (message.type === 'done') {
      settle();
      resolve(assemble(request, state, message));
    } else {
      settle();
      reject(new Error(message.message));
    }
  });

  const onAbort = () => {
    if (settled) return;
    settle();
    reject(abortError());
  };
  if (request.signal.aborted) onAbort();
  request.signal.addEventListener('abort', onAbort);

  if (!settled) {
    channel.send({
      type: 'start',
      slug: request.lookup.slug,
      operationId: request.operation.id,
      progressive: request.progressive,
      totalBytes: request.totalBytes,
      head: request.head,
    });
    void pump(
      reader,
      request.onActivity,
      channel,
      () => settled || stopping,
      (error) => {
        if (settled) return;
        settle();
        reject(error);
      },
    );
  }

  const live: LiveAnswer = {
    current: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      if (stopping || settled) return;
      stopping = true;
      snapshot = { ...snapshot, stopping };
      for (const listener of listeners) listener();
      channel.send({ type: 'stop' });
    },
  };
  return { live, done };
}

/** Reads the body and sends each chunk on (moved, not copied); stops reading when the answer is over. */
async function pump(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  onActivity: (bodyComplete?: boolean) => void,
  channel: ReaderChannel,
  over: () => boolean,
  fail: (error: unknown) => void,
): Promise<void> {
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (over()) break;
      if (done) {
        onActivity(true);
        channel.send({ type: 'end' });
        return;
      }
      onActivity();
      const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
      channel.send({ type: 'chunk', bytes: value }, whole ? [value.buffer] : []);
    }
    await reader.cancel();
  } catch (error) {
    // Aborted (the fetch's signal says why, and the answer is over), else the connection broke.
    if (!over()) fail(error);
  }
}

/** The answer from the worker's last message and the records the page holds already. */
function assemble(request: StreamRequest, state: LiveRecords, message: DoneMessage): StreamedBody {
  const text = state.text + message.text;
  const stopped = message.stoppedAfter === undefined ? {} : { stoppedAfter: message.stoppedAfter };
  const common = { text, sizeBytes: message.progress.bytes, ...stopped };
  if (message.kind === 'split') {
    const body = withRecords(parseJsonText(message.skeleton).body, message.path, state.records);
    // The worker put the same skeleton together: this never fails, and were it to, the text is read whole.
    if (body === undefined) return { ...common, ...parseJsonText(text) };
    state.provideFinal();
    if (message.issues) rememberSchemaCheck(request.operation.response, body, message.issues);
    return { ...common, body };
  }
  if (message.reread) return { ...common, ...parseJsonText(text) };
  if (message.issues) rememberSchemaCheck(request.operation.response, message.body, message.issues);
  return { ...common, body: message.body, ...(message.parseError !== undefined && { parseError: message.parseError }) };
}

export const answerStreamer: AnswerStreamer = { start: (request) => startAnswerStream(request) };
