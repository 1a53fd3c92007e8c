// The document worker of the page (src/results/document/document-worker-handler.ts) on a Node
// worker thread, for bench/jsonpath.ts. JavaScript, because a new thread cannot load TypeScript by
// itself; tsImport loads the handler through a loader of its own (as src/server/demo-worker-boot.mjs does).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { documentWorkerHandler } = await tsImport('../src/results/document/document-worker-handler.ts', import.meta.url);
const handle = documentWorkerHandler((message) => parentPort.postMessage(message));
parentPort.on('message', handle);
parentPort.postMessage({ type: 'ready' });
