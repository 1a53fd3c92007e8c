// Component tests of the lookup route as the app renders it (routes, router, query client,
// preferences), without racing its lazy parts on a loaded machine: the page's chunk, the viewer's
// chunk and the lookups' definitions are loaded before any test, and a test renders once the
// router has run the route's loader and lazy(), so its first render is the page itself.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { beforeAll } from 'vitest';
import { loadLookupBySlug } from '../../lookups/lookup-loaders.ts';
import { PreferencesProvider } from '../preferences.tsx';
import { createTestRouter } from '../routes.tsx';

type TestRouter = ReturnType<typeof createTestRouter>;

/** Call at the top of a test file: loads what the lookup route loads lazily for these slugs, once. */
export function setupLookupRouteTests(...slugs: string[]): void {
  beforeAll(async () => {
    await Promise.all([import('../lookup-page.tsx'), import('../../results/result-viewer.tsx'), ...slugs.map((slug) => loadLookupBySlug(slug))]);
  }, 60_000);
}

/** Resolves once the router has loaded its first location's data and lazy route modules. */
function initialized(router: TestRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Renders the app's routes at `path` once the route is ready; the router, to read its location. */
export async function renderRoute(path: string): Promise<TestRouter> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createTestRouter(path);
  await initialized(router);
  render(
    <PreferencesProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
  return router;
}
