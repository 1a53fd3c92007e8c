// Table and tree on a large answer: lookup M's ~10,000 calls (~5 MB) in Chromium against the
// production server. Prints the time from the response's last byte to the first painted table and
// tree, the DOM node count, and the long tasks while scrolling the table to its end.
// Targets: ≤ 200 ms each, ≤ 3,000 DOM nodes, no long task over 100 ms.
// Uses DIST_DIR when given, else builds into a temporary directory first.
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { largeCallsQuery } from '../src/demo/m-calls-for-service.ts';
import { buildIntoTemp, startProductionServer } from './local-server.ts';

const TARGET_MS = 200;
const TARGET_NODES = 3000;
const TARGET_LONG_TASK_MS = 100;

/** Installed before the app loads: long-task log and a promise for "the next answer is painted". */
function instrument() {
  const state = window as unknown as { __longTasks: Array<{ start: number; duration: number }>; __nextPaint: () => Promise<number> };
  state.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The viewer clears aria-busy in the same commit that renders the new answer; the frame after
  // that commit has painted when a task queued from requestAnimationFrame runs.
  state.__nextPaint = () =>
    new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const viewer = document.querySelector('.result-viewer');
        if (viewer?.getAttribute('aria-busy') !== 'false') return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      });
      observer.observe(document.body, { attributes: true, attributeFilter: ['aria-busy'], subtree: true });
    });
}

interface Measure {
  msFromResponse: number;
  domNodes: number;
  bodyBytes: number;
}

/** Sends the query with datetime_end shifted by `shiftSeconds` (a fresh request) and times its paint. */
async function sendAndMeasure(page: Page, shiftSeconds: number, view: 'table' | 'tree'): Promise<Measure> {
  const end = new Date(Date.parse(largeCallsQuery.datetime_end) + shiftSeconds * 1000).toISOString();
  // The tab is part of the URL's view state: the new query opens on the tab being measured.
  const search = new URLSearchParams({ ...largeCallsQuery, datetime_end: end, view }).toString();
  return page.evaluate(async (query) => {
    const state = window as unknown as { __nextPaint: () => Promise<number> };
    const painted = state.__nextPaint();
    history.pushState(null, '', `/lookups/m?${query}`);
    dispatchEvent(new PopStateEvent('popstate'));
    const paintedAt = await painted;
    const endParam = new URLSearchParams(query).get('datetime_end')!;
    const entry = performance
      .getEntriesByType('resource')
      .filter(
        (item): item is PerformanceResourceTiming => item.name.includes('/proxy/m/') && decodeURIComponent(item.name).includes(endParam),
      )
      .at(-1);
    if (!entry) throw new Error('No resource timing for the proxy request');
    return {
      msFromResponse: paintedAt - entry.responseEnd,
      domNodes: document.getElementsByTagName('*').length,
      bodyBytes: entry.decodedBodySize,
    };
  }, search);
}

/** Scrolls the table to its end a step per frame; returns the long tasks seen and the largest DOM. */
async function scrollTableToEnd(page: Page) {
  return page.evaluate(async () => {
    const state = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
    const scroller = document.querySelector<HTMLElement>('.table-scroll')!;
    const started = performance.now();
    let maxNodes = 0;
    let steps = 0;
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2 && steps < 5000) {
      scroller.scrollTop += scroller.clientHeight * 3;
      steps += 1;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lastRow = scroller.querySelector('tbody tr:nth-last-child(2) td')?.textContent;
    const tasks = state.__longTasks.filter((task) => task.start >= started);
    return {
      steps,
      ms: performance.now() - started,
      maxNodes,
      lastRow,
      longTasks: tasks.length,
      longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
    };
  });
}

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'OVER TARGET';
}

async function main() {
  const distDir = process.env.DIST_DIR;
  const builtDir = distDir ? undefined : buildIntoTemp('bench-table-tree-');
  const { base, server } = await startProductionServer(distDir ?? builtDir!);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(instrument);
    await page.goto(`${base}/lookups/m?${new URLSearchParams(largeCallsQuery)}`);
    const tableTab = page.getByRole('tab', { name: 'Table' });
    await tableTab.waitFor({ timeout: 60_000 });
    const records = await page.locator('.summary-facts').textContent();

    await tableTab.click();
    const table = await sendAndMeasure(page, 1, 'table');
    const rows = await page.locator('.table-toolbar > span').first().textContent();
    const scroll = await scrollTableToEnd(page);

    await page.getByRole('tab', { name: 'Tree' }).click();
    const tree = await sendAndMeasure(page, 2, 'tree');

    console.log(`Lookup M, large query: ${rows}; first answer ${records?.replace(/\s+/g, ' ').trim()}`);
    console.log(`Body: ${(table.bodyBytes / (1024 * 1024)).toFixed(2)} MB`);
    console.log(
      `Table: ${table.msFromResponse.toFixed(0)} ms from response to first paint (target ≤ ${TARGET_MS}) ${verdict(table.msFromResponse <= TARGET_MS)}`,
    );
    console.log(
      `Table: ${table.domNodes} DOM nodes after paint, ${scroll.maxNodes} at most while scrolling (target ≤ ${TARGET_NODES}) ${verdict(Math.max(table.domNodes, scroll.maxNodes) <= TARGET_NODES)}`,
    );
    console.log(
      `Table scroll to end: ${scroll.steps} steps in ${scroll.ms.toFixed(0)} ms, last row #${scroll.lastRow}; ${scroll.longTasks} long tasks, longest ${scroll.longestTask.toFixed(0)} ms (target ≤ ${TARGET_LONG_TASK_MS}) ${verdict(scroll.longestTask <= TARGET_LONG_TASK_MS)}`,
    );
    console.log(
      `Tree: ${tree.msFromResponse.toFixed(0)} ms from response to first paint (target ≤ ${TARGET_MS}) ${verdict(tree.msFromResponse <= TARGET_MS)}`,
    );
    console.log(`Tree: ${tree.domNodes} DOM nodes after paint (target ≤ ${TARGET_NODES}) ${verdict(tree.domNodes <= TARGET_NODES)}`);
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
  }
}

await main();
