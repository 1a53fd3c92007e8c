// The page's handle on one answer's document for the Query and Find boxes and the Raw tab's pretty
// text. A large answer goes to a worker (its text is sent once; the worker parses and keeps it);
// a small one is answered on the page from the value it already holds, since a worker's start-up
// (fetching and starting its module, a second parse, a second copy in memory) costs more than a
// query over a few thousand nodes. Where workers do not exist (jsdom) every answer stays on the page.
import type { Segment } from './doc-path.ts';
import type { FromDocumentWorker, ToDocumentWorker } from './document-protocol.ts';
import { DocumentSession, type DocumentReplies, type DocumentRequest, type MatchReply } from './document-session.ts';
import type { PrettyText } from './pretty-lines.ts';

/**
 * From this many characters of text an answer's document lives in a worker. Below it (1 MB, about
 * 2,000 of L's records) a query or a search takes a few milliseconds on the page, under a frame;
 * above it JSON.parse and a recursive query take tens to hundreds of milliseconds.
 */
export const OFF_THREAD_FROM = 1_000_000;

export interface DocumentSource {
  /** The document the tree shows (masked when masking applies). */
  value: unknown;
  /** Its JSON text: the answer's own text when that is exactly the value, else the value stringified. Read only for a worker. */
  text: () => string;
  /** Characters of the answer's text. */
  size: number;
}

export interface AnswerDocument {
  /** Whether a worker holds the document. */
  readonly offThread: boolean;
  query(expression: string): Promise<MatchReply>;
  find(text: string): Promise<MatchReply>;
  lineOf(path: Segment[]): Promise<number | undefined>;
  /** The Raw tab's pretty text, made once. */
  pretty(): Promise<PrettyText>;
  close(): void;
}

type Ask = <T extends DocumentRequest['type']>(request: Extract<DocumentRequest, { type: T }>) => Promise<DocumentReplies[T]>;

function onThisThread(value: unknown): { ask: Ask; close: () => void } {
  const session = new DocumentSession(value);
  // Still answered after the current task, so "Searching…" shows and the answer arrives like a worker's.
  const ask: Ask = (request) => new Promise((resolve) => setTimeout(() => resolve(session.handle(request) as never), 0));
  return { ask, close: () => {} };
}

function inWorker(text: string): { ask: Ask; close: () => void } {
  const worker = new Worker(new URL('./document-worker.ts', import.meta.url), { type: 'module', name: 'answer-document' });
  const pending = new Map<number, { resolve: (reply: never) => void; reject: (error: Error) => void }>();
  let failure: Error | undefined;
  let nextId = 0;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<FromDocumentWorker>) => {
    const message = event.data;
    if (message.type === 'failed') failAll(new Error(`The body could not be read: ${message.message}`));
    if (message.type !== 'reply') return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.reply as never);
  });
  // The worker itself failing (out of memory on a huge body) ends every question with the reason, not a hang.
  worker.addEventListener('error', (event) => failAll(new Error(`The search stopped: ${event.message || 'the worker failed'}.`)));
  worker.postMessage({ type: 'load', text } satisfies ToDocumentWorker);
  const ask: Ask = (request) => {
    if (failure) return Promise.reject(failure);
    const id = (nextId += 1);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'ask', id, request } satisfies ToDocumentWorker);
    });
  };
  return {
    ask,
    close: () => {
      worker.terminate();
      failAll(new Error('The search was closed.'));
    },
  };
}

export function openAnswerDocument(source: DocumentSource): AnswerDocument {
  const offThread = typeof Worker === 'function' && source.size >= OFF_THREAD_FROM;
  const { ask, close } = offThread ? inWorker(source.text()) : onThisThread(source.value);
  let pretty: Promise<PrettyText> | undefined;
  return {
    offThread,
    query: (expression) => ask({ type: 'query', expression }),
    find: (text) => ask({ type: 'find', text }),
    lineOf: (path) => ask({ type: 'line', path }),
    pretty: () => (pretty ??= ask({ type: 'pretty' })),
    close,
  };
}
