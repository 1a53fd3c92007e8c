// Bulk runs in Chromium against a production build (issue 13's figures), each measured once:
//  1. 1,000 zip codes for H against the demo upstream at concurrency 8: time from "Start run" to
//     the merged table painted (target ≤ 15 s), and the longest task meanwhile (≤ 100 ms).
//  2. 10,000 rows whose answers hold 200,000 records (H configured live against a local upstream
//     answering 20 records per zip code): the merged table's first paint after the last answer
//     (≤ 300 ms) and the memory the browser holds (< 1 GB).
//  3. H configured live against a local upstream that answers 429 with `Retry-After: 1` for one
//     request in five: every row ends ok, and no zip code is asked again before its wait is over
//     (the upstream logs each arrival).
// Uses DIST_DIR when given, else builds into a temporary directory first. Prints the load average.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { buildIntoTemp, freePort, startProductionServer } from './local-server.ts';

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
const zipcodes = (count: number) => Array.from({ length: count }, (_, index) => String(10_000 + index * 8));
const csvOf = (zips: readonly string[]) => `zipcode\n${zips.join('\n')}\n`;

/** Before the app loads: a long-task log, a full resource-timing buffer, and the table's first paint. */
function instrument() {
  const state = window as unknown as { __longTasks: number[]; __tablePaintedAt?: number };
  state.__longTasks = [];
  performance.setResourceTimingBufferSize(100_000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.__tablePaintedAt !== undefined || !document.querySelector('.bulk-results .record-table')) return;
    state.__tablePaintedAt = -1;
    requestAnimationFrame(() => setTimeout(() => (state.__tablePaintedAt = performance.now()), 0));
  });
  addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
}

async function openBulk(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
  await page.addInitScript(instrument);
  // BULK_NO_HISTORY=1: with History's "do not record" set, to see what recording 10,000 answers costs.
  if (process.env.BULK_NO_HISTORY === '1') await page.addInitScript(() => localStorage.setItem('lx-history-recording', 'off'));
  await page.goto(`${base}/lookups/h/bulk`);
  return page;
}

/** Uploads the rows, sets the concurrency, starts; resolves when the merged table has painted. */
async function runRows(page: Page, zips: readonly string[], concurrency: number, timeoutMs: number) {
  await page.getByLabel('Upload a CSV or JSON file').setInputFiles({ name: `zips-${zips.length}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csvOf(zips)) });
  await page.getByRole('button', { name: 'Start run' }).waitFor();
  await page.locator('.bulk-setup').getByLabel('Concurrency').fill(String(concurrency));
  const startedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Start run' }).click();
  await page.waitForFunction(() => ((window as unknown as { __tablePaintedAt?: number }).__tablePaintedAt ?? -1) > 0, undefined, { timeout: timeoutMs, polling: 250 });
  return page.evaluate((started) => {
    const state = window as unknown as { __longTasks: number[]; __tablePaintedAt: number };
    const proxied = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/proxy/')) as PerformanceResourceTiming[];
    const lastAnswer = Math.max(...proxied.map((entry) => entry.responseEnd));
    return {
      totalMs: state.__tablePaintedAt - started,
      paintAfterLastAnswerMs: state.__tablePaintedAt - lastAnswer,
      longestTaskMs: Math.max(0, ...state.__longTasks),
      longTasks: state.__longTasks.length,
      requests: proxied.length,
      status: document.querySelector('.bulk-progress [role="status"]')?.textContent ?? '',
    };
  }, startedAt);
}

/** Resident memory of the browser this script launched and every process under it (renderers, GPU, utility), in MB. */
function browserRssMb(): number {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='])
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const inTree = new Set(table.filter(([, parent, , name]) => Number(parent) === process.pid && /chrom/i.test(name ?? '')).map(([pid]) => Number(pid)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of table) {
      if (inTree.has(Number(parent)) && !inTree.has(Number(child))) {
        inTree.add(Number(child));
        grew = true;
      }
    }
  }
  return table.filter(([child]) => inTree.has(Number(child))).reduce((sum, [, , rss]) => sum + Number(rss), 0) / 1024;
}

async function figureDemo(browser: Browser, base: string) {
  const page = await openBulk(browser, base);
  const result = await runRows(page, zipcodes(1000), 8, 120_000);
  console.log(`1,000 rows, demo upstream, concurrency 8: ${(result.totalMs / 1000).toFixed(1)} s from Start to the merged table painted (target ≤ 15 s) ${verdict(result.totalMs <= 15_000)}`);
  console.log(`  longest task ${result.longestTaskMs.toFixed(0)} ms, ${result.longTasks} tasks over 50 ms (target ≤ 100 ms) ${verdict(result.longestTaskMs <= 100)}; ${result.requests} requests; ${result.status.trim()}`);
  await page.context().close();
}

async function figureLarge(browser: Browser, distDir: string) {
  const upstream = await localUpstream({ rateLimitEvery: 0, recordsPerAnswer: 20 });
  const { base, server } = await startLiveServer(distDir, upstream.base);
  const page = await openBulk(browser, base);
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, browserRssMb())), 1000);
  try {
    const result = await runRows(page, zipcodes(10_000), 16, 3_600_000);
    peakRss = Math.max(peakRss, browserRssMb());
    const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? Number.NaN);
    const records = upstream.log.filter((entry) => entry.status === 200).length * 20;
    console.log(
      `10,000 rows, ${records.toLocaleString('en-US')} records: merged table first paint ${result.paintAfterLastAnswerMs.toFixed(0)} ms after the last answer (target ≤ 300 ms) ${verdict(result.paintAfterLastAnswerMs <= 300)}`,
    );
    console.log(
      `  browser memory: page JS heap ${(heap / 2 ** 20).toFixed(0)} MB after the paint; all browser processes peak ${peakRss.toFixed(0)} MB RSS (target < 1,024 MB) ${verdict(peakRss < 1024)}; run ${(result.totalMs / 1000).toFixed(1)} s, longest task ${result.longestTaskMs.toFixed(0)} ms; ${result.status.trim()}`,
    );
  } catch (error) {
    console.log(`10,000 rows: the run did not complete: ${(error as Error).message.split('\n')[0]}; peak RSS ${peakRss.toFixed(0)} MB`);
  } finally {
    clearInterval(sampler);
    await page.context().close().catch(() => {});
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...(playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox']), '--enable-precise-memory-info'],
  });
  const only = process.env.BULK_FIGURES?.split(',') ?? ['demo', 'large', 'rate-limited'];
  console.log(`Load average at start: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  try {
    if (only.includes('demo')) {
      const { base, server } = await startProductionServer(dist);
      try {
        await figureDemo(browser, base);
      } finally {
        if (server.pid) process.kill(-server.pid, 'SIGTERM');
      }
    }
    if (only.includes('large')) await figureLarge(browser, dist);
    if (only.includes('rate-limited')) await figureRateLimited(browser, dist);
    console.log(`Load average at end: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  } finally {
    await browser.close();
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
  }
}

await main();
