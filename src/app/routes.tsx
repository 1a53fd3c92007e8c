import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <CatalogPage /> },
      // The explorer (form, viewer) is its own chunk: the catalog never downloads it. Opened
      // directly, the router loads that chunk before its first render: HydrateFallback is what
      // shows meanwhile, inside the layout (without one, React Router warns on every such page).
      {
        path: 'lookups/:slug',
        lazy: async () => ({ Component: (await import('./lookup-page.tsx')).LookupPage }),
        HydrateFallback: PageLoading,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function PageLoading() {
  return <p role="status">Loading…</p>;
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** For component tests: the same routes in memory. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}
