// Bulk runs in Chromium against a production build (issue 13's figures), each measured once:
//  1. 1,000 zip codes for H against the demo upstream at concurrency 8: time from "Start run" to
//     the merged table painted (target ≤ 15 s), and the longest task meanwhile (≤ 100 ms).
//  2. 10,000 rows whose answers hold 200,000 records (H configured live against a local upstream
//     answering 20 records per zip code): the merged table's first paint after the last answer
//     (≤ 300 ms) and the memory the browser holds (< 1 GB): PSS summed over its processes, sampled
//     each second (bench/browser-memory.ts), with the summed RSS beside it. This one runs in Chromium
//     driven bare over its DevTools pipe (bench/bare-chromium.ts), not through Playwright.
//  3. H configured live against a local upstream that answers 429 with `Retry-After: 1` for one
//     request in five: every row ends ok, and no zip code is asked again before its wait is over
//     (the upstream logs each arrival).
// Uses DIST_DIR when given, else builds into a temporary directory first. Prints the load average.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { type BarePage, launchBareChromium } from './bare-chromium.ts';
import { describePeaks, kbToMb, sampleCost, startMemorySampler } from './browser-memory.ts';
import { buildIntoTemp, freePort, startProductionServer } from './local-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Every host but the local server resolves to nothing, so no request leaves the machine (map tiles,
// say). Chromium's resolver does it, not Playwright's page.route: a route makes Playwright hold
// every request, the 1,000 answers included, for a round trip to this process.
const CHROMIUM_ARGS = [
  ...(playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox']),
  '--enable-precise-memory-info',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
const zipcodes = (count: number) => Array.from({ length: count }, (_, index) => String(10_000 + index * 8));
const csvOf = (zips: readonly string[]) => `zipcode\n${zips.join('\n')}\n`;

/**
 * Before the app loads: a long-task log, the proxied answers counted with the latest's end (by an
 * observer, so the page keeps no buffer of 10,000 timing entries), and the table's first paint.
 */
function instrument() {
  const state = window as unknown as {
    __longTasks: Array<[start: number, duration: number]>;
    __proxied: { count: number; lastEnd: number };
    __tablePaintedAt?: number;
  };
  state.__longTasks = [];
  state.__proxied = { count: 0, lastEnd: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!entry.name.includes('/proxy/')) continue;
      state.__proxied.count += 1;
      state.__proxied.lastEnd = Math.max(state.__proxied.lastEnd, entry.responseEnd);
    }
  }).observe({ type: 'resource', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.__tablePaintedAt !== undefined || !document.querySelector('.bulk-results .record-table')) return;
    state.__tablePaintedAt = -1;
    requestAnimationFrame(() => setTimeout(() => (state.__tablePaintedAt = performance.now()), 0));
  });
  addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
}

/** Whether the merged table has painted (a function for Playwright: the app's CSP forbids evaluating strings). */
const tablePainted = () => ((window as unknown as { __tablePaintedAt?: number }).__tablePaintedAt ?? -1) > 0;

/** In the page, once the table has painted: the run's figures, from Start at `started`. */
function runFigures(started: number) {
  const state = window as unknown as {
    __longTasks: Array<[start: number, duration: number]>;
    __proxied: { count: number; lastEnd: number };
    __tablePaintedAt: number;
  };
  // The run is from Start to the table's paint; what came before (the page loading, the file
  // read and checked) is reported apart.
  const during = state.__longTasks.filter(([start]) => start >= started);
  const before = state.__longTasks.filter(([start]) => start < started);
  return {
    totalMs: state.__tablePaintedAt - started,
    paintAfterLastAnswerMs: state.__tablePaintedAt - state.__proxied.lastEnd,
    longestTaskMs: Math.max(0, ...during.map(([, duration]) => duration)),
    longTasks: during.length,
    longestBeforeStartMs: Math.max(0, ...before.map(([, duration]) => duration)),
    /** The five longest tasks of the run: [ms after Start, duration]. */
    worstTasks: [...during]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([start, duration]) => [Math.round(start - started), Math.round(duration)]),
    requests: state.__proxied.count,
    status: document.querySelector('.bulk-progress [role="status"]')?.textContent ?? '',
  };
}

async function openBulk(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  // BULK_NO_HISTORY=1: with History's "do not record" set, to see what recording 10,000 answers costs.
  if (process.env.BULK_NO_HISTORY === '1') await page.addInitScript(() => localStorage.setItem('lx-history-recording', 'off'));
  await page.goto(`${base}/lookups/h/bulk`);
  return page;
}

/** Uploads the rows, sets the concurrency, starts; resolves when the merged table has painted. */
async function runRows(page: Page, zips: readonly string[], concurrency: number, timeoutMs: number) {
  await page
    .getByLabel('Upload a CSV or JSON file')
    .setInputFiles({ name: `zips-${zips.length}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csvOf(zips)) });
  await page.getByRole('button', { name: 'Start run' }).waitFor();
  await page.locator('.bulk-setup').getByLabel('Concurrency').fill(String(concurrency));
  const startedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.waitForFunction(tablePainted, undefined, { timeout: timeoutMs, polling: 250 });
  return page.evaluate(runFigures, startedAt);
}

/** The same steps in a page driven without Playwright (bare-chromium.ts): the file from disk, the inputs set as a user's typing would. */
async function runRowsBare(page: BarePage, zips: readonly string[], concurrency: number, timeoutMs: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bulk-rows-'));
  const file = join(dir, `zips-${zips.length}.csv`);
  writeFileSync(file, csvOf(zips));
  const startButton = `[...document.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Start run')`;
  try {
    await page.waitFor(`document.querySelector('.bulk-input input[type=file]')`, 30_000);
    await page.setInputFiles('.bulk-input input[type=file]', [file]);
    await page.waitFor(`${startButton}?.disabled === false`, 60_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // React hears a value set through the native setter followed by an input event, as from typing.
  await page.evaluate(`(() => {
    const input = document.querySelector('.bulk-setup .bulk-controls input[type=number]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '${concurrency}');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  })()`);
  await page.waitFor(`document.querySelector('.bulk-setup .bulk-controls input[type=number]').value === '${concurrency}'`, 5_000);
  const startedAt = await page.evaluate<number>(`(() => { const started = performance.now(); ${startButton}.click(); return started; })()`);
  await page.waitFor(`(${tablePainted.toString()})()`, timeoutMs);
  return page.evaluate<ReturnType<typeof runFigures>>(`(${runFigures.toString()})(${startedAt})`);
}

async function figureDemo(browser: Browser, base: string) {
  const page = await openBulk(browser, base);
  // BULK_TRACE=<file.json>: a Chromium performance trace of the run, to see what a long task ran.
  const trace = process.env.BULK_TRACE;
  if (trace)
    await browser.startTracing(page, {
      path: trace,
      screenshots: false,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
    });
  const result = await runRows(page, zipcodes(1000), 8, 120_000);
  if (trace) await browser.stopTracing();
  console.log(
    `1,000 rows, demo upstream, concurrency 8: ${(result.totalMs / 1000).toFixed(1)} s from Start to the merged table painted (target ≤ 15 s) ${verdict(result.totalMs <= 15_000)}`,
  );
  console.log(
    `  longest task during the run ${result.longestTaskMs.toFixed(0)} ms, ${result.longTasks} tasks over 50 ms (target ≤ 100 ms) ${verdict(result.longestTaskMs <= 100)}; ${result.requests} requests; ${result.status.trim()}`,
  );
  console.log(
    `  the run's longest tasks [ms after Start, ms]: ${JSON.stringify(result.worstTasks)}; before Start (page load, file checked): longest ${result.longestBeforeStartMs.toFixed(0)} ms`,
  );
  await page.context().close();
}

/**
 * In Chromium launched bare (bare-chromium.ts), not through Playwright: Playwright's DevTools network
 * agent would keep up to 200 MB of the 10,000 answers' bodies in the renderer, which no user's
 * browser holds. The memory is sampled each second over the browser's whole process tree.
 */
async function figureLarge(distDir: string) {
  // BULK_LARGE_ROWS: fewer rows for a quick look (the figure is for 10,000).
  const rows = Number(process.env.BULK_LARGE_ROWS ?? 10_000);
  const upstream = await localUpstream({ rateLimitEvery: 0, recordsPerAnswer: 20 });
  const { base, server } = await startLiveServer(distDir, upstream.base);
  const browser = await launchBareChromium(CHROMIUM, [...CHROMIUM_ARGS, '--window-size=1280,900']);
  try {
    const noHistory = process.env.BULK_NO_HISTORY === '1' ? "localStorage.setItem('lx-history-recording', 'off');" : '';
    const page = await browser.open(`${base}/lookups/h/bulk`, `${noHistory}(${instrument.toString()})()`);
    const sampler = startMemorySampler(browser.pid, 1000);
    try {
      const result = await runRowsBare(page, zipcodes(rows), 16, 3_600_000);
      const heap = await page.evaluate<number>('performance.memory.usedJSHeapSize');
      const peaks = await sampler.stop();
      const cost = await sampleCost(browser.pid);
      const records = upstream.log.filter((entry) => entry.status === 200).length * 20;
      console.log(
        `${rows.toLocaleString('en-US')} rows, ${records.toLocaleString('en-US')} records: merged table first paint ${result.paintAfterLastAnswerMs.toFixed(0)} ms after the last answer (target ≤ 300 ms) ${verdict(result.paintAfterLastAnswerMs <= 300)}`,
      );
      console.log(
        `  browser memory, peak of ${peaks.samples} samples a second apart: PSS summed over its processes ${kbToMb(peaks.pssKb)} (target < 1,024 MB) ${verdict(peaks.pssKb < 1024 * 1024)}; private (clean + dirty) ${kbToMb(peaks.privateKb)}; RSS summed (shared pages counted once per process) ${kbToMb(peaks.rssKb)}`,
      );
      for (const line of describePeaks(peaks)) console.log(line);
      console.log(
        `  page JS heap ${(heap / 2 ** 20).toFixed(0)} MB after the paint; run ${(result.totalMs / 1000).toFixed(1)} s, longest task ${result.longestTaskMs.toFixed(0)} ms; ${result.requests} requests; ${result.status.trim()}`,
      );
      console.log(
        `  the sampler's own cost: ${cost.cpuMs.toFixed(0)} ms of CPU per sample (${cost.wallMs.toFixed(0)} ms wall), one sample a second`,
      );
    } catch (error) {
      const peaks = await sampler.stop();
      console.log(
        `${rows.toLocaleString('en-US')} rows: the run did not complete: ${(error as Error).message.split('\n')[0]}; peak PSS ${kbToMb(peaks.pssKb)}, RSS summed ${kbToMb(peaks.rssKb)}`,
      );
    }
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    upstream.close();
  }
}

/** The production server with H live against a local upstream. */
async function startLiveServer(distDir: string, upstreamBase: string) {
  process.env.LOOKUP_H_BASE_URL = upstreamBase;
  process.env.LOOKUP_H_KEY = 'bench-key';
  try {
    return await startProductionServer(distDir);
  } finally {
    delete process.env.LOOKUP_H_BASE_URL;
    delete process.env.LOOKUP_H_KEY;
  }
}

/**
 * A stand-in provider for H answering `recordsPerAnswer` records per zip code; with
 * `rateLimitEvery` n > 0, every n-th request gets 429 with Retry-After: 1. Logs every arrival.
 */
async function localUpstream({ rateLimitEvery, recordsPerAnswer }: { rateLimitEvery: number; recordsPerAnswer: number }) {
  const port = await freePort();
  const log: Array<{ zip: string; at: number; status: number }> = [];
  let count = 0;
  const fields = ['state', 'location', 'zipcode', 'name', 'address_line1', 'sex', 'charges', 'is_predator'];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    const zip = url.searchParams.get('zipcode') ?? '';
    count += 1;
    const limited = rateLimitEvery > 0 && count % rateLimitEvery === 0;
    log.push({ zip, at: Date.now(), status: limited ? 429 : 200 });
    if (limited) {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ message: 'Too many requests' }));
      return;
    }
    const records = Array.from({ length: recordsPerAnswer }, (_, index) => ({
      ...Object.fromEntries(fields.map((field) => [`sex_offender_${field}`, field === 'zipcode' ? zip : `${field} ${zip}-${index}`])),
      sex_offender_lat: String(39 + index / 100),
      sex_offender_lon: String(-89 - index / 100),
    }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sex_offenders_count: recordsPerAnswer, pages_count: 1, sex_offenders: records }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}/h`, log, close: () => server.close() };
}

async function figureRateLimited(browser: Browser, distDir: string) {
  const upstream = await localUpstream({ rateLimitEvery: 5, recordsPerAnswer: 1 });
  const { base, server } = await startLiveServer(distDir, upstream.base);
  try {
    const page = await openBulk(browser, base);
    const rows = 100;
    const result = await runRows(page, zipcodes(rows), 4, 600_000);
    const limited = upstream.log.filter((entry) => entry.status === 429);
    let early = 0;
    for (const hit of limited) {
      const next = upstream.log.find((entry) => entry.zip === hit.zip && entry.at > hit.at);
      if (!next || next.at - hit.at < 1000) early += 1;
    }
    const allOk = new RegExp(`${rows} done · 0 failed`).test(result.status);
    console.log(
      `429 with Retry-After: 1 for one request in five: ${upstream.log.length} upstream requests, ${limited.length} answered 429; ${result.status.trim()} ${verdict(allOk)}; retries before their Retry-After elapsed: ${early} ${verdict(early === 0)}; ${(result.totalMs / 1000).toFixed(1)} s`,
    );
    await page.context().close();
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    upstream.close();
  }
}

async function main() {
  const distDir = process.env.DIST_DIR;
  const builtDir = distDir ? undefined : buildIntoTemp('bench-bulk-run-');
  const dist = distDir ?? builtDir!;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const only = process.env.BULK_FIGURES?.split(',') ?? ['demo', 'large', 'rate-limited'];
  console.log(
    `Load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  try {
    if (only.includes('demo')) {
      const { base, server } = await startProductionServer(dist);
      try {
        await figureDemo(browser, base);
      } finally {
        if (server.pid) process.kill(-server.pid, 'SIGTERM');
      }
    }
    if (only.includes('large')) await figureLarge(dist);
    if (only.includes('rate-limited')) await figureRateLimited(browser, dist);
    console.log(
      `Load average at end: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
  }
}

await main();
