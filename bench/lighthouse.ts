// Lighthouse (mobile profile: emulated phone, simulated slow 4G and CPU) against the production
// server, in Debian's Chromium: prints performance, accessibility, best practices and SEO for the
// catalog and every lookup page (the registry's twenty), the median of LH_RUNS runs (default 3),
// and the audits that cost points outside performance. Targets: accessibility 100 and performance
// ≥ 90 on every page. Uses DIST_DIR when given, else builds into a temporary directory.
// Reports land in bench/out/lighthouse/. Map tiles cannot load offline: that is expected.
// Simulated throttling scales the tasks it observes, so a host busy with other jobs inflates
// blocking time: each row prints Lighthouse's benchmark index of the host per run (higher is a
// faster host; on this 2-core machine it ranged from ~160 to ~1,600 with other jobs running).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import playwrightConfig from '../playwright.config.ts';
import { allLookups } from '../src/lookups/registry.ts';
import { buildIntoTemp, startProductionServer } from './local-server.ts';

const DEFAULT_PAGES: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'catalog', path: '/' },
  ...allLookups.map((lookup) => ({ name: `${lookup.id} (${lookup.title})`, path: `/lookups/${lookup.slug}` })),
];
// LH_PAGES=catalog,l,t measures those pages instead: `catalog` for /, any other word a lookup's slug.
const pageKey = (path: string) => (path === '/' ? 'catalog' : path.split('/').pop()!);
const PAGES =
  process.env.LH_PAGES?.split(',')
    .map((key) => key.trim().toLowerCase())
    .filter(Boolean)
    .map((key) => DEFAULT_PAGES.find((page) => pageKey(page.path) === key) ?? { name: key.toUpperCase(), path: `/lookups/${key}` }) ??
  DEFAULT_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// The e2e suite's Chromium flags (playwright.config.ts), headless for Lighthouse's own launcher.
const CHROME_FLAGS = ['--headless', ...(playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox'])];
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const TARGET_PERFORMANCE = 90;
const OUT_DIR = 'bench/out/lighthouse';

type Category = (typeof CATEGORIES)[number];
interface Report {
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
  /** Lighthouse's measure of the host CPU at the run (higher is faster); a busy machine scores low. */
  environment?: { benchmarkIndex?: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

function runLighthouse(url: string, outputPath: string): Report {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const result = spawnSync(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chromePath } },
  );
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${result.status})`);
  return JSON.parse(readFileSync(outputPath, 'utf8')) as Report;
}

/** A run, tried once more when Lighthouse itself fails (its trace sometimes misses the navigation: NO_NAVSTART). */
function runLighthouseOnceMore(url: string, outputPath: string): Report {
  try {
    return runLighthouse(url, outputPath);
  } catch (error) {
    console.log(`${error instanceof Error ? error.message : String(error)}: running it once more`);
    return runLighthouse(url, outputPath);
  }
}

/** Audits that cost points in a category other than performance (binary audits that failed). */
function lostPoints(report: Report, category: Category): string[] {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, audit: report.audits[ref.id]! }))
    .filter(({ audit }) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
    .map(({ id, audit }) => `${id} (${audit.title})`);
}

const builtHere = !process.env.DIST_DIR;
const distDir = process.env.DIST_DIR ?? buildIntoTemp('lh-dist-');
const { base, server } = await startProductionServer(distDir);
let failed = false;
try {
  mkdirSync(OUT_DIR, { recursive: true });
  const rows: string[] = [];
  for (const page of PAGES) {
    const reports: Report[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const file = join(OUT_DIR, `${pageKey(page.path)}-${run}.json`);
      reports.push(runLighthouseOnceMore(`${base}${page.path}`, file));
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, median(reports.map((report) => Math.round((report.categories[category].score ?? 0) * 100)))]),
    ) as Record<Category, number>;
    const perfRuns = reports.map((report) => Math.round((report.categories.performance.score ?? 0) * 100));
    rows.push(
      `${page.name.padEnd(40)} ${CATEGORIES.map((category) => String(scores[category]).padStart(3)).join('  /  ')}   (performance runs: ${perfRuns.join(', ')}; host benchmark index ${reports.map((report) => Math.round(report.environment?.benchmarkIndex ?? 0)).join(', ')})`,
    );
    const last = reports[reports.length - 1]!;
    for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
      const lost = lostPoints(last, category);
      if (lost.length > 0) rows.push(`  ${category} loses: ${lost.join('; ')}`);
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    rows.push(`  ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${last.audits[id]?.displayValue ?? '?'}`).join(', ')}`);
    if (scores.accessibility < 100 || scores.performance < TARGET_PERFORMANCE) failed = true;
  }
  console.log(`\nLighthouse (mobile), median of ${RUNS} run${RUNS > 1 ? 's' : ''}: performance / accessibility / best practices / SEO`);
  for (const row of rows) console.log(row);
  console.log(`Targets: accessibility 100 and performance ≥ ${TARGET_PERFORMANCE} on every page: ${failed ? 'MISSED' : 'met'}`);
} finally {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
  if (builtHere) rmSync(distDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
