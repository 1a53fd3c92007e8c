// A big answer read as a stream: what the fetcher hands to whoever reads it off the page's thread
// (the viewer's worker, results/stream/, which registers itself here: the data layer imports
// nothing from results/), and the answers being streamed, by query, for the viewer to show while
// they arrive.
import { useSyncExternalStore } from 'react';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';

export interface StreamProgress {
  /** Bytes received so far. */
  bytes: number;
  /** The whole body's size, when the answer declared it. */
  totalBytes: number | undefined;
  /** Records received so far. */
  records: number;
  /** Bytes per second since the first byte. */
  bytesPerSecond: number;
}

/** What the viewer shows of an answer still arriving: the records so far (a new array each time) and the progress. */
export interface LiveSnapshot {
  records: readonly unknown[];
  progress: StreamProgress;
  /** Stop was pressed: the records received are being made into the answer. */
  stopping: boolean;
}

export interface LiveAnswer {
  current(): LiveSnapshot;
  subscribe(listener: () => void): () => void;
  /** Ends the download and keeps what arrived: the answer is the records received so far. */
  stop(): void;
}

export interface StreamRequest {
  lookup: AnyLookup;
  operation: AnyOperation;
  /** Bytes already read from the body (to decide that it is big), in order. */
  head: Uint8Array[];
  /** The rest of the body, unread. */
  rest: ReadableStream<Uint8Array>;
  totalBytes: number | undefined;
  /** The records may be shown as they arrive (false when the page still has to mask them). */
  progressive: boolean;
  /**
   * Called whenever bytes arrive, and with `true` once the body is complete: the fetcher's timeout
   * counts the network's silence, not the download, nor the reading after it.
   */
  onActivity: (bodyComplete?: boolean) => void;
  /** Aborting discards everything: the read rejects with an AbortError. */
  signal: AbortSignal;
}

/** The body once read: the same text, body and parse error as a whole read gives. */
export interface StreamedBody {
  text: string;
  body: unknown;
  parseError?: string;
  sizeBytes: number;
  /** Set when Stop ended the download: the records the answer holds. */
  stoppedAfter?: number;
}

export interface AnswerStreamer {
  start(request: StreamRequest): { live: LiveAnswer; done: Promise<StreamedBody> };
}

let streamer: AnswerStreamer | undefined;
const waiting = new Set<(streamer: AnswerStreamer) => void>();

/** Registers the reader of big answers (the viewer's module does, when it loads). */
export function provideAnswerStreamer(provided: AnswerStreamer): void {
  streamer = provided;
  for (const resolve of waiting) resolve(provided);
  waiting.clear();
}

/**
 * The registered reader; waits up to `graceMs` for it (the viewer's chunk loads while the first
 * request is under way), undefined when there is none: the body is then read whole, as before.
 */
export function answerStreamer(graceMs: number): Promise<AnswerStreamer | undefined> {
  if (streamer || graceMs <= 0) return Promise.resolve(streamer);
  return new Promise((resolve) => {
    const done = (found: AnswerStreamer | undefined) => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve(found);
    };
    const timer = setTimeout(() => done(undefined), graceMs);
    waiting.add(done);
  });
}

// The answers streaming, by query key hash: the viewer reads one until its query shows the answer;
// a query forgets its own a moment after it settled (so its records are not held here), and at
// most the last few are kept in any case.
const KEPT = 4;
const live = new Map<string, LiveAnswer>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function publishLiveAnswer(key: string, answer: LiveAnswer): void {
  live.delete(key);
  live.set(key, answer);
  while (live.size > KEPT) live.delete(live.keys().next().value!);
  changed();
}

/** Forgets the answer streaming for `key` (only `which`, when given: a newer one stays). */
export function forgetLiveAnswer(key: string, which?: LiveAnswer): void {
  if (which !== undefined && live.get(key) !== which) return;
  if (live.delete(key)) changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The answer streaming (or last streamed) for this query key hash. */
export function useLiveAnswerByKey(key: string | undefined): LiveAnswer | undefined {
  return useSyncExternalStore(subscribe, () => (key === undefined ? undefined : live.get(key)));
}
