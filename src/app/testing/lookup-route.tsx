// Component tests of the lookup route as the app renders it (routes, router, query client,
// preferences), without racing its lazy parts on a loaded machine: the page's chunk, the viewer's
// chunk and the lookups' definitions are loaded before any test, and a test renders once the
// route's page and definition have loaded, so its first render is the page itself.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { beforeAll } from 'vitest';
import { loadLookupBySlug } from '../../lookups/lookup-loaders.ts';
import { PreferencesProvider } from '../preferences.tsx';
import { createTestRouter, preloadRoute } from '../routes.tsx';

type TestRouter = ReturnType<typeof createTestRouter>;

/** Call at the top of a test file: loads what the lookup route loads lazily for these slugs, once. */
export function setupLookupRouteTests(...slugs: string[]): void {
  beforeAll(async () => {
    await Promise.all([
      import('../lookup-page.tsx'),
      import('../../results/result-viewer.tsx'),
      ...slugs.map((slug) => loadLookupBySlug(slug)),
    ]);
  }, 60_000);
}

/** Renders the app's routes at `path` once the route is ready; the router, to read its location. */
export async function renderRoute(path: string): Promise<TestRouter> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await preloadRoute(new URL(path, 'http://localhost').pathname);
  const router = createTestRouter(path);
  render(
    <PreferencesProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
  return router;
}
