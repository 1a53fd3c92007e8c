// Cost awareness: each lookup page counts today's answers from this browser by source, and the
// counts outlive a reload.
import { expect, test } from './fixtures.ts';

test('two demo sends show "2 demo answers", and a reload keeps them', async ({ page }) => {
  await page.goto('/lookups/a');
  const usage = page.getByText(/^Today from this browser:/);
  await expect(usage).toHaveText('Today from this browser: 0 live calls · 0 demo answers · 0 from cache');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  // The demo's first answer can take a while on a busy machine (its worker threads start).
  await expect(usage).toHaveText('Today from this browser: 0 live calls · 1 demo answer · 0 from cache', { timeout: 20_000 });
  // Sending the same query again asks for a fresh answer: a second call.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(usage).toHaveText('Today from this browser: 0 live calls · 2 demo answers · 0 from cache');

  const sentQuery = page.url();
  expect(sentQuery).toContain('?');
  // A fresh load of the page (without the query, which would run again) reads them back.
  await page.goto('/lookups/a');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Movie details');
  await expect(page.getByText(/^Today from this browser:/)).toHaveText(
    'Today from this browser: 0 live calls · 2 demo answers · 0 from cache',
  );
  // Opening a link to a query runs it: one more answer.
  await page.goto(sentQuery);
  await expect(page.getByText(/^Today from this browser:/)).toHaveText(
    'Today from this browser: 0 live calls · 3 demo answers · 0 from cache',
  );

  // Each lookup has its own counts.
  await page.goto('/lookups/c');
  await expect(page.getByText(/^Today from this browser:/)).toHaveText(
    'Today from this browser: 0 live calls · 0 demo answers · 0 from cache',
  );
});

test('a per-call-priced lookup answered by the demo shows its running cost, and no price on Send', async ({ page }) => {
  await page.goto('/lookups/r');
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request', exact: true }).click();
  await expect(page.getByText(/^Today from this browser:/)).toHaveText(
    'Today from this browser: 0 live calls · 1 demo answer · 0 from cache · $0.00 today',
    {
      timeout: 20_000,
    },
  );
});
