// The steps many specs start with: a lookup's example answered and shown on the Table tab, with
// the record count the table's status line reads. Specs import it from fixtures.ts.
import type { Locator, Page } from '@playwright/test';

export interface ExampleOnTable {
  /** The Results region. */
  results: Locator;
  /** The table's record count ("1,234 records", or "Showing 12 of 1,234 records" once filtered). */
  count: Locator;
  /** The records the answer holds, read from `count` before any filter. */
  total: number;
}

/** Opens lookup `slug`'s page, sends its example, shows the answer on the Table tab and reads its record count. */
export async function openExampleOnTableTab(page: Page, slug: string): Promise<ExampleOnTable> {
  await page.goto(`/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  // The demo answers in well under a second, but a busy machine may take longer to build the tabs.
  await results.getByRole('tab', { name: 'Table' }).click({ timeout: 20_000 });
  const count = results.getByRole('status').filter({ hasText: /records?$/ });
  const text = (await count.textContent()) ?? '';
  const unfiltered = /^([\d,]+) records?$/.exec(text);
  if (!unfiltered) throw new Error(`The table's record count reads "${text}", not "N records"`);
  return { results, count, total: Number(unfiltered[1]!.replace(/,/g, '')) };
}
