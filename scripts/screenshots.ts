// `npm run screenshots`: the README's pictures, taken from the running app so that they stay true.
// Builds dist/ when it is missing, serves it on demo data (`npm start`'s server, a free loopback
// port), opens the map lookup's example on its map and in its table in Debian's Chromium, writes
// docs/images/lookup-map.png and lookup-table.png, exports the map as docs/images/map-export.png
// (screenshot-map-export.ts), and stops the server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { startProductionServer } from '../bench/local-server.ts';
import { lookups } from '../src/lookups/registry.ts';
import { takeDossierShots } from './screenshots-dossier.ts';
import { exportMapPicture } from './screenshot-map-export.ts';

const OUT_DIR = 'docs/images';
// Tall enough for the app's header, the lookup's title and the whole answer below them.
const VIEWPORT = { width: 1280, height: 1024 };
// A README image larger than this is a sign the page changed shape, not a better picture.
const MAX_BYTES = 300_000;
// The project's Chromium flags, plus a resolver that finds nothing but loopback: map tiles fail at
// once (the app then draws its bundled outline) instead of waiting on a network the machine may lack.
const ARGS = [
  ...(playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox']),
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

// L, crime incidents near a point: the lookup a location search is made for.
const lookup = lookups.L;
const query = new URLSearchParams(lookup.operations[0].example as Record<string, string>);
const TABLE_COLUMNS = 'incident_date,incident_offense,incident_offense_crime_against,incident_address';

interface Shot {
  file: string;
  view: Record<string, string>;
  /** Resolves once the view shows the answer. */
  ready: (page: Page) => Promise<void>;
}

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true });

const shots: Shot[] = [
  {
    file: 'lookup-map.png',
    view: { view: 'map' },
    ready: async (page) => {
      await results(page)
        .getByRole('region', { name: /^Map of [\d,]+ results?$/ })
        .waitFor({ timeout: 30_000 });
      await page.getByText(/^[\d,]+ records? on the map$/).waitFor();
      // Clusters are DOM markers, single points one canvas; either means the points are drawn.
      await results(page).locator('.map-cluster, .leaflet-overlay-pane canvas').first().waitFor();
    },
  },
  {
    file: 'lookup-table.png',
    view: { view: 'table', cols: TABLE_COLUMNS },
    ready: async (page) => {
      await results(page).getByRole('region', { name: 'Records' }).waitFor({ timeout: 30_000 });
      await results(page).locator('.record-count').waitFor();
    },
  },
];

/** The screenshot of one view, as the page opens: the lookup's title, its form and the answer. */
async function take(page: Page, base: string, shot: Shot): Promise<void> {
  const url = `${base}/lookups/${lookup.slug}?${query}&${new URLSearchParams(shot.view)}`;
  await page.goto(url);
  await shot.ready(page);
  await save(page, shot.file);
}

/** Writes the page as it shows now to docs/images/<file>, refusing a picture over MAX_BYTES. */
async function save(page: Page, file: string): Promise<void> {
  // Let Leaflet finish its fade-in and the outline's chunk paint before the picture.
  await page.waitForTimeout(800);
  const path = `${OUT_DIR}/${file}`;
  await page.screenshot({ path, type: 'png' });
  const bytes = statSync(path).size;
  console.log(`${path}: ${Math.round(bytes / 1024)} kB`);
  if (bytes > MAX_BYTES) throw new Error(`${path} is ${bytes} bytes, over ${MAX_BYTES}`);
}

async function main(): Promise<void> {
  if (!existsSync('dist/index.html')) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const { base, server } = await startProductionServer('dist');
  try {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
    try {
      for (const shot of shots) {
        // A fresh profile per picture, so each shows a first visit (no history, today's count at one).
        const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
        await take(await context.newPage(), base, shot);
        await context.close();
      }
      await takeDossierShots(browser, base, VIEWPORT, save);
      await exportMapPicture(browser, base, `${OUT_DIR}/map-export.png`, VIEWPORT);
    } finally {
      await browser.close();
    }
  } finally {
    // The server runs in its own process group (startProductionServer): stop it and its children.
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

await main();
