// How long the server's assembly (src/server/assembly.ts: what `npm start`, Vite's dev server and
// the demo upstream import to build their handlers) takes to import in a fresh Node process, and
// which packages that import loads: BullMQ loads only when a server runs jobs (LOOKUP_REDIS_URL),
// so it must not be among them (exits 1 if it is). Each run is a new `node --import tsx` process
// (the median of RUNS, after one run that fills tsx's compile cache); the packages come from one
// more run with a resolve hook (src/server/testing/module-imports.ts).
// Run: `npx tsx bench/server-import.ts` (BENCH_IMPORT_RUNS=n for another count).
import { importMs, modulesImportedBy, packagesOf } from '../src/server/testing/module-imports.ts';

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 9);
const ASSEMBLY = 'src/server/assembly.ts';

importMs(ASSEMBLY);
const times = Array.from({ length: RUNS }, () => importMs(ASSEMBLY)).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(
  `import of ${ASSEMBLY}, fresh process: median ${median.toFixed(0)} ms of ${RUNS} (${times[0]!.toFixed(0)}–${times.at(-1)!.toFixed(0)} ms)`,
);

const urls = modulesImportedBy(ASSEMBLY);
const ownFiles = urls.filter((url) => url.startsWith('file:') && !url.includes('/node_modules/')).length;
const packages = packagesOf(urls);
console.log(`it imports ${ownFiles} of the project's files and ${packages.length} packages: ${packages.join(', ')}`);
const bullmq = packages.includes('bullmq');
console.log(`BullMQ loaded: ${bullmq ? 'yes' : 'no'}`);
if (bullmq) process.exitCode = 1;
