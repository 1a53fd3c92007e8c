// The page's side of the merge worker. Where workers are unavailable (tests under jsdom) the same
// engine runs in-thread behind the same interface.
import { type FromMerger, MergeEngine, type ToMerger } from './merge-engine.ts';
import type { ReadResult } from './read-input.ts';

export interface MergeClient {
  send(message: ToMerger, transfer?: Transferable[]): void;
  /** Reads an input file off the page's thread. */
  parse(bytes: ArrayBuffer): Promise<ReadResult>;
  subscribe(listener: (message: FromMerger) => void): () => void;
  close(): void;
}

export function createMergeClient(): MergeClient {
  const listeners = new Set<(message: FromMerger) => void>();
  const deliver = (message: FromMerger) => listeners.forEach((listener) => listener(message));
  let post: (message: ToMerger, transfer?: Transferable[]) => void;
  let close = () => {};
  if (typeof Worker === 'function') {
    const worker = new Worker(new URL('./merge-worker.ts', import.meta.url), { type: 'module', name: 'bulk-merge' });
    worker.addEventListener('message', (event: MessageEvent<FromMerger>) => deliver(event.data));
    post = (message, transfer) => worker.postMessage(message, transfer ?? []);
    close = () => worker.terminate();
  } else {
    const engine = new MergeEngine(deliver);
    post = (message) => void engine.handle(message);
  }
  let nextId = 0;
  return {
    send: post,
    parse(bytes) {
      const id = (nextId += 1);
      return new Promise((resolve) => {
        const stop = this.subscribe((message) => {
          if (message.type !== 'parsed' || message.id !== id) return;
          stop();
          resolve(message.result);
        });
        post({ type: 'parse', id, bytes }, [bytes]);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close,
  };
}
