// End-to-end tests in Debian's Chromium against a production build served by `npm start`'s server.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // On CI a failed test runs once more; one that then passes is reported as flaky, by name, in the
  // closing summary (decision 046), and is a defect to fix, not a pass to forget.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records a screencast and DOM snapshots of every test as it runs: about a quarter of the
    // suite's CPU on two cores. On CI only a retry records one (a failure twice has its trace).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's chromium-headless-shell: the same Chromium build without the full browser's UI
      // (the headless mode Playwright itself uses); about 40% less CPU per test than full Chromium
      // (ADR 034). CHROMIUM_PATH=/usr/bin/chromium runs the specs in the full browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The build is made by the test script before Playwright starts; this only serves it.
    command: 'tsx src/server/start.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    // The whole environment passes through, so DIST_DIR can point the server at another build.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' } as Record<string, string>,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
