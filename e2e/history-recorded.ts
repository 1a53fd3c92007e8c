// The wait many specs need before they leave a lookup page or count on History: the page's
// "Recent requests (N)" panel reads N once the answers are written. Specs import it from fixtures.ts.
import { expect, type Page } from '@playwright/test';

/** Waits until the lookup page's Recent requests panel counts `count` requests. */
export async function expectRecorded(page: Page, count: number): Promise<void> {
  // Generous: on a busy machine the recorder's code and IndexedDB may take a while.
  await expect(page.getByText(`Recent requests (${count})`, { exact: true })).toBeVisible({ timeout: 30_000 });
}
