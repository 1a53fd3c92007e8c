// Every answer the fetcher receives, announced once to whoever keeps a record of it (the history,
// the usage counters). The fetcher does not know its listeners; a listener never changes the answer.
import type { LookupId, Params } from '../lookups/define-lookup.ts';
import type { LookupResponse } from './lookup-response.ts';

/**
 * Who asked: the form (one question, one answer worth keeping in History), or a bulk run (one of
 * up to 10,000 rows; the run keeps its own record, so History skips them while usage counts them).
 */
export type AnswerOrigin = 'form' | 'bulk';

export interface AnswerEvent {
  lookupId: LookupId;
  /** Who asked; an event without one came from the form. */
  origin?: AnswerOrigin;
  operationId: string;
  /** The parsed parameters that were sent (what buildRequest turned into the URL). */
  params: Params;
  /** Whether this browser asked for masked data (the answer's own `x-lookup-masked` header says whether it was). */
  maskRequested: boolean;
  /** When the request was sent (epoch ms). */
  sentAt: number;
  /** The whole answer, including HTTP error answers (4xx/5xx); transport failures carry none. */
  response: LookupResponse | undefined;
  /** For a request that produced no HTTP answer: why (network, timeout, cancelled). */
  failure?: { kind: 'network' | 'timeout' | 'cancelled'; message: string; url: string };
}

type Listener = (event: AnswerEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes to every answer; returns the unsubscribe function. */
export function onAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the fetcher once per request; a listener that throws never reaches the fetcher. */
export function emitAnswer(event: AnswerEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}
