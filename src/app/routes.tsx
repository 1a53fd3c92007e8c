import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { CatalogPage } from './catalog-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { lookupRouteLoader, lookupRouteShouldRevalidate } from './lookup-route-data.ts';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <CatalogPage /> },
      // The explorer (form, viewer) is its own chunk: the catalog never downloads it. Opened
      // directly, the router loads that chunk before its first render: HydrateFallback is what
      // shows meanwhile, inside the layout (without one, React Router warns on every such page).
      // The loader fetches only this lookup's definition; React Router runs a static loader in
      // parallel with lazy(). (lazy's object form would not do: React Router clears the shared
      // object's keys once loaded, which breaks every later router made from these routes.)
      {
        path: 'lookups/:slug',
        loader: lookupRouteLoader,
        shouldRevalidate: lookupRouteShouldRevalidate,
        lazy: async () => ({ Component: (await import('./lookup-page.tsx')).LookupPage }),
        HydrateFallback: LookupPageLoading,
      },
      // Compare two answers of a lookup kept in History: its own chunk, with the diff worker beside it.
      {
        path: 'lookups/:slug/compare',
        lazy: async () => ({ Component: (await import('./compare-page.tsx')).ComparePage }),
        HydrateFallback: PageLoading,
      },
      // "Run over a list": one lookup over every row of a file (its own chunk, with the merge worker).
      {
        path: 'lookups/:slug/bulk',
        loader: lookupRouteLoader,
        shouldRevalidate: lookupRouteShouldRevalidate,
        lazy: async () => ({ Component: (await import('./bulk-route.tsx')).BulkRoute }),
        HydrateFallback: PageLoading,
      },
      // Every request sent from this browser (its own chunk: IndexedDB and the history list).
      {
        path: 'history',
        lazy: async () => ({ Component: (await import('./history-page.tsx')).HistoryPage }),
        HydrateFallback: PageLoading,
      },
      // Saved queries and collections: import, export, manage (its own chunk).
      {
        path: 'saved',
        lazy: async () => ({ Component: (await import('./saved-page.tsx')).SavedPage }),
        HydrateFallback: PageLoading,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function PageLoading() {
  return <p role="status">Loading…</p>;
}

/**
 * A lookup page is taller than the screen: holding a screen's height while it loads keeps the
 * footer out of view, so the page's arrival does not shift it (a layout shift on every slow load).
 */
function LookupPageLoading() {
  return (
    <p role="status" style={{ minHeight: '100vh' }}>
      Loading…
    </p>
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** For component tests: the same routes in memory. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}
