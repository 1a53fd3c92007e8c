// The file a demo pool thread starts from (demo-pool.ts). JavaScript, because a new thread cannot
// load TypeScript by itself: on Node 20 a thread does not inherit the loader hooks of `tsx` or
// `node --import tsx`, and the Vite config process, vitest and Playwright have none to give.
// tsImport loads demo-worker.ts through a loader of its own, whatever else is registered.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./demo-worker.ts', import.meta.url);

export default worker.default;
