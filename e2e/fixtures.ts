// The `test` every spec imports: Playwright's, plus an automatic check that fails a test after it
// ran if any page it opened threw an uncaught error or logged a console error. Allowed without
// asking: a map tile of the configured tile URL failing to load at the network level (offline,
// or blocked by the spec). A spec that provokes an error on purpose declares exactly that one:
//   test.use({ expectedErrors: [{ message: /status of 404/, url: /\/proxy\/a\// }] });
// Specs import everything from here (`import { test, expect, type Page } from './fixtures.ts'`).
import { test as base } from '@playwright/test';
import type { BrowserContext, ConsoleMessage, Page, WebError } from '@playwright/test';

export * from '@playwright/test';
export { expectRecorded } from './history-recorded.ts';
export { openExampleOnTableTab, type ExampleOnTable } from './lookup-example.ts';

export interface ExpectedError {
  /** An uncaught page error (`pageerror`) or a console message of type error; console by default. */
  source?: 'console' | 'pageerror';
  /** Matches the console text, or the error's `Name: message`. */
  message: RegExp;
  /** For console errors: matches the URL the message is about (for a failed load, the resource's). */
  url?: RegExp;
}

interface PageError {
  source: 'console' | 'pageerror';
  message: string;
  url: string;
}

interface ErrorCheckFixtures {
  /** Errors this spec provokes on purpose; anything else logged or thrown fails the test. */
  expectedErrors: ExpectedError[];
  failOnPageErrors: void;
}

// How Chromium reports a resource that failed at the network level: blocked, offline, no DNS.
const NETWORK_FAILURE = /^Failed to load resource: net::ERR_[A-Z_]+$/;

/** A pattern matching the URLs of a Leaflet tile URL template ({s}, {z}, {x}, {y}, {r}, …). */
export function tileUrlPattern(template: string): RegExp {
  const parts = template.split(/(\{[a-z]+\})/i).map((part) => {
    if (part === '{s}') return '[a-z0-9-]+';
    if (part === '{r}') return '(?:@2x)?';
    if (part === '{z}' || part === '{x}' || part === '{y}') return '-?\\d+';
    if (/^\{[a-z]+\}$/i.test(part)) return '[^/?#]+';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

// The tile URL the app is configured with, read once from the server under test.
let tilePattern: Promise<RegExp> | undefined;
function configuredTiles(baseURL: string | undefined): Promise<RegExp> {
  tilePattern ??= fetch(new URL('/map-config.json', baseURL))
    .then((response) => response.json() as Promise<{ tileUrl: string }>)
    .then((config) => tileUrlPattern(config.tileUrl));
  return tilePattern;
}

const matches = (error: PageError, expected: ExpectedError) =>
  (expected.source ?? 'console') === error.source &&
  expected.message.test(error.message) &&
  (!expected.url || expected.url.test(error.url));

export const test = base.extend<ErrorCheckFixtures>({
  expectedErrors: [[], { option: true }],
  failOnPageErrors: [
    async ({ browser, baseURL, expectedErrors }, runTest, testInfo) => {
      const seen: PageError[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') seen.push({ source: 'console', message: message.text(), url: message.location().url });
      };
      const onWebError = (webError: WebError) => {
        const error = webError.error();
        seen.push({ source: 'pageerror', message: `${error.name}: ${error.message}`, url: webError.page()?.url() ?? '' });
      };
      // Every context of the test: the `page` fixture's and any the test opens itself.
      const watch = (context: BrowserContext) => context.on('console', onConsole).on('weberror', onWebError);
      browser.on('context', watch);
      try {
        await runTest();
      } finally {
        browser.off('context', watch);
      }

      const tiles = seen.some((error) => error.source === 'console' && NETWORK_FAILURE.test(error.message))
        ? await configuredTiles(baseURL)
        : undefined;
      const unexpected = seen.filter(
        (error) =>
          !(tiles && error.source === 'console' && NETWORK_FAILURE.test(error.message) && tiles.test(error.url)) &&
          !expectedErrors.some((expected) => matches(error, expected)),
      );
      if (unexpected.length === 0) return;
      const report = unexpected.map((error) => `${error.source}: ${error.message}${error.url ? `  (${error.url})` : ''}`).join('\n');
      await testInfo.attach('unexpected page errors', { body: report, contentType: 'text/plain' });
      throw new Error(`${unexpected.length} unexpected page error(s) or console error(s):\n${report}`);
    },
    { auto: true },
  ],
});

/** Tiles come from the internet: blocking everything off this server makes a test the same everywhere, offline included. */
export async function blockExternalRequests(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort(),
  );
}
