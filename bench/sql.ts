// SQL over answers (issue 26's figures), in Chromium:
//   - the engine's first load, cold, from our own production server to the first result: on /sql,
//     Run `select 42` with an empty cache; the bytes it fetched (target ≤ 2 s);
//   - a 200,000-row dataset (bulk-like flat rows) loaded into the engine (target ≤ 1.5 s);
//   - over it, GROUP BY one column with count(*), and a join of two 100,000-row tables on a key
//     (target ≤ 300 ms each; best of three after a first run);
//   - the catalog's and a lookup page's script bytes before SQL is opened (gzip -9, as
//     bundle-size.ts counts them), which must not change with the SQL part.
// The dataset figures run the SQL part's modules in a small harness (bench/sql-harness) built with
// Vite and served through request interception. Uses DIST_DIR when given, else builds into a
// temporary directory. Prints the load average.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import playwrightConfig from '../playwright.config.ts';
import { buildIntoTemp, startProductionServer, waitForHttp } from './local-server.ts';
import { KB, pageWeight } from './page-weight.ts';

const TARGETS = { coldMs: 2_000, loadMs: 1_500, queryMs: 300 };
const ORIGIN = 'http://sql-bench.local';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
let over = false;

function report(label: string, ms: number, target: number, extra = '') {
  if (ms > target) over = true;
  console.log(`${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms${extra}  (target ≤ ${target} ms: ${verdict(ms <= target)})`);
}

async function coldFirstResult(base: string) {
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort(),
    );
    await page.goto(`${base}/sql`);
    const box = page.getByRole('textbox', { name: 'SQL query' });
    await box.waitFor({ timeout: 30_000 });
    const fetched: Array<Promise<number>> = [];
    page.on('requestfinished', (request) =>
      fetched.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize)),
    );
    await box.fill('select 42 as answer');
    const started = Date.now();
    await page.getByRole('button', { name: 'Run' }).click();
    await page
      .getByRole('region', { name: 'Query result' })
      .getByText(/^1 row, 1 column/)
      .waitFor({ timeout: 60_000 });
    const ms = Date.now() - started;
    const bytes = (await Promise.all(fetched)).reduce((sum, size) => sum + size, 0);
    report('engine: first load, cold, to the first result', ms, TARGETS.coldMs, `, ${mb(bytes)} fetched`);
  } finally {
    await browser.close();
  }
}

async function datasetFigures() {
  const outDir = mkdtempSync(join(tmpdir(), 'sql-bench-'));
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    await build({
      root: join(import.meta.dirname, 'sql-harness'),
      configFile: false,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    const page = await browser.newPage();
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort();
      const path = url.pathname === '/' ? '/index.html' : url.pathname;
      try {
        return await route.fulfill({
          body: readFileSync(join(outDir, path)),
          contentType: TYPES[extname(path)] ?? 'application/octet-stream',
        });
      } catch {
        return route.fulfill({ status: 404 });
      }
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => window.sqlBench !== undefined);
    const startMs = await page.evaluate(() => window.sqlBench.start());
    console.log(`${'engine started (harness; files through interception)'.padEnd(52)} ${startMs.toFixed(0).padStart(6)} ms`);
    const loadMs = await page.evaluate(() => window.sqlBench.load('bulk_big', 200_000));
    report('200,000 rows loaded into the engine', loadMs, TARGETS.loadMs);
    const steps = await page.evaluate(() => window.sqlBench.loadSteps('bulk_again', 200_000));
    console.log(`  again, in steps: Arrow columns ${steps.arrowMs.toFixed(0)} ms, the engine's insert ${steps.insertMs.toFixed(0)} ms`);
    await page.evaluate(() => window.sqlBench.load('bulk_a', 100_000));
    await page.evaluate(() => window.sqlBench.load('bulk_b', 100_000, 50_000));
    const best = async (sql: string) => {
      const runs = [];
      for (let run = 0; run < 4; run += 1) runs.push(await page.evaluate((text) => window.sqlBench.query(text), sql));
      return { ms: Math.min(...runs.slice(1).map((run) => run.ms)), first: runs[0]!.ms, rows: runs[0]!.rows };
    };
    const group = await best('select incident_offense, count(*) as n from bulk_big group by 1 order by 2 desc');
    report(
      'GROUP BY one column, count(*), 200,000 rows',
      group.ms,
      TARGETS.queryMs,
      ` (first ${group.first.toFixed(0)} ms, ${group.rows} rows)`,
    );
    const joined = await best(
      'select a.incident_code, a.zip, b.incident_offense from bulk_a a join bulk_b b on a.incident_code = b.incident_code',
    );
    report(
      'join of two 100,000-row tables on a key',
      joined.ms,
      TARGETS.queryMs,
      ` (first ${joined.first.toFixed(0)} ms, ${joined.rows.toLocaleString('en-US')} rows)`,
    );
  } finally {
    await browser.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

function pageBytes(dir: string) {
  const catalog = pageWeight(dir, 'index.html');
  const lookup = pageWeight(dir, 'lookups/l.html');
  const engineFiles = [...catalog.files, ...lookup.files].filter(({ file }) => /duckdb|sql/i.test(file));
  console.log(`${'catalog page scripts before SQL'.padEnd(52)} ${(catalog.gzipBytes / KB).toFixed(1).padStart(6)} kB gzip -9`);
  console.log(
    `${'lookup page (lookups/l.html) scripts before SQL'.padEnd(52)} ${(lookup.gzipBytes / KB).toFixed(1).padStart(6)} kB gzip -9`,
  );
  console.log(
    `${'of which the SQL part or the engine'.padEnd(52)} ${engineFiles.length} files${engineFiles.length === 0 ? '  (target: none: ok)' : '  (target: none: OVER)'}`,
  );
  if (engineFiles.length > 0) over = true;
}

const dist = process.env.DIST_DIR ?? buildIntoTemp('sql-bench-dist-');
const { base, server } = await startProductionServer(dist);
try {
  await waitForHttp(`${base}/healthz`);
  pageBytes(dist);
  await coldFirstResult(base);
  await datasetFigures();
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
} finally {
  if (server.pid) process.kill(-server.pid);
  if (!process.env.DIST_DIR) rmSync(dist, { recursive: true, force: true });
}
if (over) process.exitCode = 1;
