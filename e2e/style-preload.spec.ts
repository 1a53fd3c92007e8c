// A lookup page preloads its route's stylesheet in the page's HTML (lookups/<slug>.html). The
// preload must be made with the credentials mode the app's loader uses for that stylesheet
// (Vite's preload helper sets crossorigin on it), or Chromium fetches the file twice and warns
// that the preload was not used.
import { expect, test } from './fixtures.ts';

test('a lookup page fetches its preloaded stylesheet once, with no unused-preload warning', async ({ page }) => {
  const cssRequests: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css'))
      cssRequests.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });

  await page.goto('/lookups/l');
  await expect(page.getByRole('heading', { level: 1, name: 'Crime incidents' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send request/ })).toBeVisible();
  // Let any late stylesheet from the route's lazy chunks arrive.
  await page.waitForLoadState('networkidle');

  const preloaded = await page
    .locator('link[rel="preload"][as="style"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded.length, 'the lookup page preloads its route stylesheet').toBeGreaterThan(0);
  for (const path of preloaded)
    expect(
      cssRequests.filter((requested) => requested === path),
      `${path} is fetched once`,
    ).toHaveLength(1);
  expect(warnings.filter((text) => /preload|credentials mode/i.test(text))).toEqual([]);
});
