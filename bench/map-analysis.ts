// Map analysis (issue 24) with 200,000 points (a bulk run's size) in Chromium: the real ResultsMap
// with its analysis (colour by a column, legend, time window) mounted by bench/map-harness
// (`?analysis`), as bench/map-points.ts does for the plain map. Prints the time to the first clusters,
// the frame times while panning and zooming, and the time from recolouring by another column or
// moving the time brush to the next frame drawn.
// Targets: first render ≤ 1 s, no frame over 50 ms, recolour / brush ≤ 100 ms. MAP_BENCH_POINTS overrides the count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chromium } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';

const POINTS = Number(process.env.MAP_BENCH_POINTS ?? 200_000);
const TARGET_FIRST_RENDER_MS = 1000;
const TARGET_CHANGE_MS = 100;
const TARGET_FRAME_MS = 50;
const ORIGIN = 'http://map-bench.local';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

async function buildHarness(outDir: string) {
  await build({
    root: join(import.meta.dirname, 'map-harness'),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
}

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), 'map-bench-'));
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  try {
    await buildHarness(outDir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort(); // tiles: measured offline, as here
      if (url.pathname === '/map-config.json')
        return route.fulfill({ json: { tileUrl: `https://tiles.invalid/{z}/{x}/{y}.png`, tileAttribution: '' } });
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

    await page.goto(`${ORIGIN}/?analysis&points=${POINTS}`);
    await page.waitForFunction(() => window.benchFirstRenderMs !== undefined, undefined, { timeout: 60_000 });
    const firstRender = await page.evaluate(() => window.benchFirstRenderMs!);

    // Frame times while the user pans (drags) and zooms (wheel) across the clustered points.
    // A string, not a function: tsx would wrap named functions in a helper the page lacks.
    await page.evaluate(`(() => {
      const deltas = [];
      let last = performance.now();
      const tick = (now) => {
        deltas.push(now - last);
        last = now;
        if (!window.benchStop) requestAnimationFrame(tick);
      };
      window.benchDeltas = deltas;
      requestAnimationFrame(tick);
    })()`);
    const box = (await page.locator('.map-canvas').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (let round = 0; round < 3; round += 1) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let step = 1; step <= 20; step += 1) await page.mouse.move(cx + step * 12 * (round % 2 ? -1 : 1), cy + step * 6);
      await page.mouse.up();
      for (let zoom = 0; zoom < 3; zoom += 1) {
        await page.mouse.wheel(0, -300);
        await page.waitForTimeout(350);
      }
      for (let zoom = 0; zoom < 3; zoom += 1) {
        await page.mouse.wheel(0, 300);
        await page.waitForTimeout(350);
      }
    }
    await page.waitForTimeout(300);
    const deltas = await page.evaluate<number[]>('(window.benchStop = true, window.benchDeltas.slice(1))');
    const sorted = [...deltas].sort((a, b) => a - b);
    const worst = sorted[sorted.length - 1] ?? 0;
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
    const over = deltas.filter((delta) => delta > TARGET_FRAME_MS).length;

    // Recolour by another column, and move the time brush by an hour, five times each.
    const recolour: number[] = [];
    const brush: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      recolour.push(await page.evaluate<number>('window.benchRecolour()'));
      await page.waitForTimeout(200);
    }
    for (let round = 0; round < 5; round += 1) {
      brush.push(await page.evaluate<number>('window.benchMoveBrush()'));
      await page.waitForTimeout(200);
    }
    const worstRecolour = Math.max(...recolour);
    const worstBrush = Math.max(...brush);

    const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
    console.log(`points                              ${POINTS.toLocaleString('en-US')}`);
    console.log(
      `first render (clusters on screen)   ${firstRender.toFixed(0)} ms  (target ≤ ${TARGET_FIRST_RENDER_MS} ms: ${verdict(firstRender <= TARGET_FIRST_RENDER_MS)})`,
    );
    console.log(
      `frames while panning and zooming    ${deltas.length}, p95 ${p95.toFixed(1)} ms, worst ${worst.toFixed(1)} ms, ${over} over ${TARGET_FRAME_MS} ms  (target: none over: ${verdict(over === 0)})`,
    );
    console.log(
      `recolour by another column           worst of 5 ${worstRecolour.toFixed(0)} ms to the next frame  (target ≤ ${TARGET_CHANGE_MS} ms: ${verdict(worstRecolour <= TARGET_CHANGE_MS)})`,
    );
    console.log(
      `move the time brush                  worst of 5 ${worstBrush.toFixed(0)} ms to the next frame  (target ≤ ${TARGET_CHANGE_MS} ms: ${verdict(worstBrush <= TARGET_CHANGE_MS)})`,
    );
    if (firstRender > TARGET_FIRST_RENDER_MS || over > 0 || worstRecolour > TARGET_CHANGE_MS || worstBrush > TARGET_CHANGE_MS)
      process.exitCode = 1;
  } finally {
    await browser.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
