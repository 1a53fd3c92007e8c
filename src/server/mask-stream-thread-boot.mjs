// The file a streamed-masking thread starts from (mask-stream-pool.ts). JavaScript for the reason
// demo-worker-boot.mjs gives: a new thread cannot load TypeScript by itself, so tsImport loads
// mask-stream-thread.ts through a loader of its own. It says it is ready once the registry is loaded.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

// Masking a big answer is background work next to /healthz and a small request: on Linux this
// thread yields the CPU to the server's thread, as the demo's do (decision 048).
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 5);
} catch {
  // No /proc, or not allowed: the default priority.
}

const thread = await tsImport('./mask-stream-thread.ts', import.meta.url);
const post = (message, transfer) => parentPort.postMessage(message, transfer);
parentPort.on('message', (message) => thread.handleMessage(message, post));
post({ kind: 'ready' });
