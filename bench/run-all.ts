// Runs every benchmark in its own process (each starts and stops what it needs) and passes
// their printed figures through. `npm run bench -- <name>` runs the benchmarks whose file name
// contains <name>.
import { spawnSync } from 'node:child_process';

// One bench a line, so parallel branches add theirs without touching each other's.
const benches = [
  'bundle-size.ts',
  'proxy-overhead.ts',
  'proxy-big-answer.ts',
  'masked-big-answers.ts',
  'table-tree.ts',
  'table-filters.ts',
  'map-points.ts',
  'lighthouse.ts',
  'demo-load.ts',
  'team-server.ts',
  'demo-answers.ts',
  'jsonpath.ts',
  'mcp-tool-call.ts',
  'jobs.ts',
  'sql.ts',
  'map-analysis.ts',
  'evidence-pack.ts',
  'server-import.ts',
];
const filter = process.argv[2];
const failed: string[] = [];

for (const file of benches.filter((name) => !filter || name.includes(filter))) {
  console.log(`\n### ${file}`);
  const { status } = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (status !== 0) failed.push(file);
}

if (failed.length > 0) {
  console.error(`\nBenchmarks that failed: ${failed.join(', ')}`);
  process.exit(1);
}
