// The Web Worker that reads an import file (parsing it, locating a syntax error, checking each
// entry) off the page's thread: a 15 MB file is seconds of work the page must not freeze for.
import { readImportBlob } from './read-import-file.ts';
import type { ToImportWorker } from './import-client.ts';

self.addEventListener('message', (event: MessageEvent<ToImportWorker>) => {
  void readImportBlob(event.data.file, event.data.now).then((result) => self.postMessage(result));
});
