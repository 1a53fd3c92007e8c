// Signing in and out of a team server through the real form, in Chromium (issue 22, item 1): the
// page's Referrer-Policy must let the browser send its own Origin with the form's POST, which the
// request guard checks. The shared server of playwright.config.ts has no access mode, so this spec
// starts its own production server with a tokens file, on a free port.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { startApp } from './start-app.ts';

const TOKEN = 'e2e-alice-token-7f3a9c21d4';

test.describe.configure({ mode: 'serial' });
// The wrong token's page is a 401 document, which Chromium reports as a failed load.
test.use({ expectedErrors: [{ message: /status of 401/, url: /\/sign-in$/ }] });

let app: ChildProcess | undefined;
let base: string;

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookup-sign-in-'));
  const tokens = join(dir, 'tokens');
  writeFileSync(tokens, `alice:${TOKEN}\n`);
  const started = await startApp({ LOOKUP_ACCESS_TOKENS_FILE: tokens });
  app = started.child;
  base = started.origin;
});

test.afterAll(() => {
  app?.kill('SIGTERM');
});

test('a browser signs in through the form, reaches the app, and signs out', async ({ page }) => {
  // Not signed in: the app's page sends the browser to the sign-in form.
  await page.goto(`${base}/lookup/a`);
  await expect(page).toHaveURL(`${base}/sign-in?next=%2Flookup%2Fa`);
  await expect(page.getByRole('heading', { name: 'Sign in to Lookup Explorer' })).toBeVisible();

  // A wrong token is refused at the field.
  await page.getByLabel('Access token').fill('not-the-token-at-all-0000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That token is not on the access list. Check it and try again.');

  // The right one: the form's POST carries this origin (not `null`), and the app opens.
  await page.getByLabel('Access token').fill(TOKEN);
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${base}/sign-in`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(await (await posted).headerValue('origin')).toBe(base);
  await expect(page).toHaveURL(`${base}/lookup/a`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const config = await page.evaluate(async () => (await fetch('/lookup-config.json')).status);
  expect(config).toBe(200);

  // Signing out, from the sign-in page, ends the session.
  await page.goto(`${base}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Signed in as alice' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${base}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to Lookup Explorer' })).toBeVisible();
  await page.goto(`${base}/lookup/a`);
  await expect(page).toHaveURL(`${base}/sign-in?next=%2Flookup%2Fa`);
});
