// Saved queries end to end: save from a lookup page, find them on the catalog and the lookup page,
// export the collections file, clear everything, import the file back (the same list, the same
// file), and see a corrupt file refused with where it goes wrong.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';

async function download(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await file.path(), 'utf8');
}

async function saveExample(page: Page, path: string, name: string, collection: { pick: string } | { create: string }) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Save query…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Note (optional)').fill(`Note for ${name}`);
  if ('create' in collection) {
    await dialog.getByLabel('Collection').selectOption('New collection…');
    await dialog.getByLabel('New collection name').fill(collection.create);
  } else {
    await dialog.getByLabel('Collection').selectOption(collection.pick);
  }
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const into = 'create' in collection ? collection.create : collection.pick;
  await expect(page.getByText(`Saved “${name}” in “${into}”.`)).toBeVisible();
}

/** The saved list as text: collection headings, names, values and notes, in order. */
async function savedListText(page: Page): Promise<string> {
  return page.locator('.saved-queries').innerText();
}

test('a collection exports, is cleared, imports back identical, and a corrupt file is refused', async ({ page }) => {
  // Two lookup pages, the catalog and the Saved page, on a shared two-core machine.
  test.setTimeout(90_000);
  await saveExample(page, '/lookups/a', 'Fight Club', { create: 'Films' });
  // The lookup's page lists its own saved query, which opens with its query.
  const onLookupPage = page.getByRole('region', { name: 'Saved queries' });
  await expect(onLookupPage.getByRole('link', { name: 'Fight Club' })).toBeVisible();
  await saveExample(page, '/lookups/i', 'Euro rates', { pick: 'My queries' });

  // The catalog lists both, by collection; each opens its lookup page with the query.
  await page.goto('/');
  const onCatalog = page.getByRole('region', { name: 'Saved queries' });
  await expect(onCatalog.getByRole('heading', { name: 'Films' })).toBeVisible();
  await expect(onCatalog.getByRole('heading', { name: 'My queries' })).toBeVisible();
  await onCatalog.getByRole('link', { name: 'Fight Club' }).click();
  await expect(page).toHaveURL(/\/lookups\/a\?movie_id=/);
  await expect(page.getByRole('region', { name: 'Results' }).locator('.status-ok').first()).toBeVisible({ timeout: 20_000 });

  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Saved queries and collections' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Euro rates' })).toBeVisible();
  const before = await savedListText(page);
  const exported = await download(page, page.getByRole('button', { name: 'Export all collections (JSON)' }));
  const file = JSON.parse(exported);
  expect(file).toMatchObject({ format: 'lookup-explorer-collections', version: 1 });
  expect(file.collections.map((collection: { name: string }) => collection.name)).toEqual(['Films', 'My queries']);

  await page.getByRole('button', { name: 'Clear all saved queries…' }).click();
  await page.getByRole('button', { name: 'Yes, delete all 2 saved queries' }).click();
  await expect(page.getByText('No saved queries yet.', { exact: false })).toBeVisible();

  const input = page.getByLabel('Import a collections file or a Postman collection');
  await input.setInputFiles({ name: 'collections.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await expect(page.getByText('Imported 2 queries from the collections file “collections.json”.')).toBeVisible();
  expect(await savedListText(page)).toBe(before);
  const again = JSON.parse(await download(page, page.getByRole('button', { name: 'Export all collections (JSON)' })));
  expect(again.collections).toEqual(file.collections);

  // Importing the same file again changes nothing and asks nothing.
  await input.setInputFiles({ name: 'collections.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await expect(page.getByText('Imported 0 queries from the collections file “collections.json”; 2 already saved.')).toBeVisible();

  await input.setInputFiles({
    name: 'corrupt.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{\n  "format": lookup-explorer\n}'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    '“corrupt.json” was not imported. This file is not valid JSON: line 2, column 13: unexpected “l”.',
  );
  expect(await savedListText(page)).toBe(before);
});
