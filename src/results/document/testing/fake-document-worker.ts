// A stand-in for the browser's Worker that runs the document worker's own handler (jsdom has no
// workers): messages are cloned both ways and answered after the current task, as a worker would.
import { vi } from 'vitest';
import type { ToDocumentWorker } from '../document-protocol.ts';
import { documentWorkerHandler } from '../document-worker-handler.ts';

export interface MadeWorker {
  url: string;
  options: WorkerOptions;
  posted: ToDocumentWorker[];
  terminated: boolean;
}

/** Installs the stand-in (undo with vi.unstubAllGlobals); `fail` makes it fail on its first message. */
export function stubDocumentWorker(mode: 'work' | 'fail' = 'work'): MadeWorker[] {
  const made: MadeWorker[] = [];
  class FakeWorker extends EventTarget {
    record: MadeWorker;
    handle = documentWorkerHandler((data) =>
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: structuredClone(data) }))),
    );
    constructor(url: URL, options: WorkerOptions) {
      super();
      this.record = { url: String(url), options, posted: [], terminated: false };
      made.push(this.record);
    }
    postMessage(message: ToDocumentWorker) {
      this.record.posted.push(structuredClone(message));
      if (mode === 'fail') setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: 'Out of memory' })));
      else this.handle(structuredClone(message));
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}
