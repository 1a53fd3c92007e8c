// The file a demo pool thread starts from (demo-pool.ts). JavaScript, because a new thread cannot
// load TypeScript by itself: on Node 20 a thread does not inherit the loader hooks of `tsx` or
// `node --import tsx`, and the Vite config process, vitest and Playwright have none to give.
// tsImport loads demo-worker.ts through a loader of its own, whatever else is registered.
import { Tinypool } from 'tinypool';
import { tsImport } from 'tsx/esm/api';
import { lowerThisThreadPriority } from './background-thread.mjs';

// The demo is background work: this thread yields the CPU to the server's thread.
lowerThisThreadPriority(10);

const worker = await tsImport('./demo-worker.ts', import.meta.url);

/**
 * Runs a task and moves the answer's body to the server's thread instead of copying it (4.6 MB
 * for M's largest answer). Marked here, with the tinypool that runs this thread: a module tsImport
 * loads is a separate instance, whose markers this thread's tinypool would not recognise.
 */
export default function runMovingBody(task) {
  const result = worker.default(task);
  if (result.kind !== 'answer') return result;
  return Tinypool.move({ [Tinypool.transferableSymbol]: result.body.buffer, [Tinypool.valueSymbol]: result });
}
