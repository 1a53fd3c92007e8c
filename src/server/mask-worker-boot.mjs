// The file a mask pool thread starts from (mask-pool.ts). JavaScript for the reason
// demo-worker-boot.mjs gives: a new thread cannot load TypeScript by itself, so tsImport loads
// mask-worker.ts through a loader of its own.
import { Tinypool } from 'tinypool';
import { tsImport } from 'tsx/esm/api';

// Unlike the demo's threads, this one keeps the default priority: the masked answer is what a
// person is waiting for, and at a lower one it would wait behind every other job on a busy
// machine. The server's own thread keeps answering beside it (the pool has one thread per spare core).
const worker = await tsImport('./mask-worker.ts', import.meta.url);

/** Masks one body (or a batch of records) and moves the result to the server's thread instead of copying it. */
export default async function runMovingBody(task) {
  const result = await worker.default(task);
  const bytes = result.kind === 'body' ? result.body : result.kind === 'records' ? result.bytes : undefined;
  if (!bytes) return result;
  return Tinypool.move({ [Tinypool.transferableSymbol]: bytes.buffer, [Tinypool.valueSymbol]: result });
}
