// The file a streamed-masking thread starts from (mask-stream-pool.ts). JavaScript for the reason
// demo-worker-boot.mjs gives: a new thread cannot load TypeScript by itself, so tsImport loads
// mask-stream-thread.ts through a loader of its own. It says it is ready once the registry is loaded.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { lowerThisThreadPriority } from './background-thread.mjs';

// Masking a big answer is background work next to /healthz and a small request, less so than the
// demo's: nice 5, not 10 (decision 048).
lowerThisThreadPriority(5);

const thread = await tsImport('./mask-stream-thread.ts', import.meta.url);
const post = (message, transfer) => parentPort.postMessage(message, transfer);
parentPort.on('message', (message) => thread.handleMessage(message, post));
post({ kind: 'ready' });
