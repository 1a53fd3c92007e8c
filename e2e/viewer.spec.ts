// The result viewer end to end, for every lookup of the registry (one loop, no copies): the form's
// example is sent and its records show; upstream and body-level failures read as errors; and the
// pages pass axe-core without serious or critical violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { lookups } from '../src/lookups/registry.ts';

// The 404 test below asks for a movie that does not exist on purpose; Chromium logs that one failed load.
test.use({
  expectedErrors: [
    { message: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/, url: /\/proxy\/a\/movie\/999999999$/ },
  ],
});

async function sendExample(page: Page, slug: string) {
  await page.goto(`/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('tablist', { name: 'Result views' })).toBeVisible({ timeout: 20_000 });
}

/** axe over the page, or over `within` (a selector) where the rest of the page was checked already. */
async function expectNoSeriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const lookup of Object.values(lookups)) {
  test(`${lookup.id}: the example answers with records`, async ({ page }) => {
    await sendExample(page, lookup.slug);
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('alert')).toHaveCount(0);
    // The first tab (own view, map or table) shows something.
    await expect(results.getByRole('tabpanel')).not.toBeEmpty();
    await results.getByRole('tab', { name: 'Table' }).click();
    await expect(results.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    await expect(results.getByRole('table').locator('tbody tr').first()).toBeVisible();
    await expect(results.getByRole('tabpanel').getByText(/^[\d,]+ records?$/)).toBeVisible();
  });
}

test('an unknown movie id is shown as the upstream’s 404', async ({ page }) => {
  await page.goto('/lookups/a?movie_id=999999999');
  const alert = page.getByRole('alert', { name: /Nothing found/ });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('404', { exact: false }).first()).toBeVisible();
});

test('an HTTP-200 failure body (I with symbols=XYZ) is shown as a failure in the body’s words', async ({ page }) => {
  const example = lookups.I.operations[0].example;
  await page.goto(`/lookups/i?${new URLSearchParams({ ...example, symbols: 'XYZ' })}`);
  await expect(page.getByRole('alert', { name: /reported a failure/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^failure/)).toBeVisible();
});

test('the catalog has no serious accessibility violations', async ({ page }) => {
  // axe walks the whole DOM: seconds on a busy 2-core machine, so these get the slow allowance.
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lookup catalog' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

// One lookup page per kind of result: own view (A), map (B), table only (F), POST body (R).
for (const slug of ['a', 'b', 'f', 'r']) {
  test(`the ${slug.toUpperCase()} page with its answer has no serious accessibility violations`, async ({ page }) => {
    test.slow();
    await sendExample(page, slug);
    await expectNoSeriousViolations(page);
    await page.getByRole('tab', { name: 'Table' }).click();
    // Only the Table tab's panel changed: axe checks it alone (the whole page takes seconds more).
    await expect(page.getByRole('tabpanel', { name: 'Table' })).toBeVisible();
    await expectNoSeriousViolations(page, '[role="tabpanel"]');
  });
}

test.describe('an unknown property record', () => {
  test.use({
    expectedErrors: [
      {
        message: /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
        url: /\/proxy\/d\/property\/detail\?recordid=1$/,
      },
    ],
  });

  test('D with an unknown record id says nothing was found, not that a parameter was refused', async ({ page }) => {
    await page.goto('/lookups/d?recordid=1');
    const alert = page.getByRole('alert', { name: 'Nothing found (HTTP 400)' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Check the identifiers in the parameters');
    await expect(alert).not.toContainText('refused');
  });
});
