// The page's side of the import worker: one worker per file, ended once it answers. Where workers
// are unavailable (tests under jsdom) the same reading runs in-thread behind the same call.
import type { ReadFile } from './collection-format.ts';
import { readImportBlob } from './read-import-file.ts';

export interface ToImportWorker {
  file: Blob;
  now: number;
}

export function readImportInBackground(file: Blob, now = Date.now()): Promise<ReadFile> {
  if (typeof Worker !== 'function') return readImportBlob(file, now);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module', name: 'saved-import' });
    const finish = (result: ReadFile) => {
      worker.terminate();
      resolve(result);
    };
    worker.addEventListener('message', (event: MessageEvent<ReadFile>) => finish(event.data));
    // The worker itself failing (out of memory on a huge file) still ends in a message, not a hang.
    worker.addEventListener('error', (event) =>
      finish({ ok: false, message: `This file could not be read${event.message ? `: ${event.message}` : ''}.` }),
    );
    worker.postMessage({ file, now } satisfies ToImportWorker);
  });
}
