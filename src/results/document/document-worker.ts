// The document worker: receives a large answer's text once, parses it here, keeps it, and answers
// the Query and Find boxes by message, so a query over 100,000 records never blocks the page.
import { documentWorkerHandler } from './document-worker-handler.ts';
import type { ToDocumentWorker } from './document-protocol.ts';

const handle = documentWorkerHandler((message) => globalThis.postMessage(message));
globalThis.addEventListener('message', (event: MessageEvent<ToDocumentWorker>) => handle(event.data));
