import { createMemoryRouter, matchPath, useRoutes, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { preloadRouteLookup } from './lookup-route-data.ts';
import { lazyPage } from './route-resource.tsx';

// Routes as elements, rendered by useRoutes under a BrowserRouter (app.tsx): React Router's
// declarative mode, about 16 kB gzip lighter than its data router, which the first page would
// otherwise carry (docs/decisions/018-the-first-page-without-the-data-router.md). What a data
// router's loaders and lazy() did is done by route-resource.tsx: every page below is its own
// chunk, and a lookup's pages load that lookup's definition alone, in parallel with the page's
// chunk. The layout's Suspense shows a loading state meanwhile.

// The catalog: its own chunk too, so a lookup page never downloads it; index.html preloads and
// runs it beside the entry (route-html-plugin.ts), so the first page renders it at once.
const catalogPage = lazyPage(async () => (await import('./catalog-page.tsx')).CatalogPage);

// The explorer (form, viewer): the catalog never downloads it.
const lookupPage = lazyPage(async () => (await import('./lookup-page.tsx')).LookupPage);
// Compare two answers of a lookup kept in History: its own chunk, with the diff worker beside it.
const comparePage = lazyPage(async () => (await import('./compare-page.tsx')).ComparePage);
// "Run over a list": one lookup over every row of a file (its own chunk, with the merge worker).
const bulkPage = lazyPage(async () => (await import('./bulk-route.tsx')).BulkRoute);
// Every request sent from this browser (its own chunk: IndexedDB and the history list).
const historyPage = lazyPage(async () => (await import('./history-page.tsx')).HistoryPage);
// Saved queries and collections: import, export, manage (its own chunk).
const savedPage = lazyPage(async () => (await import('./saved-page.tsx')).SavedPage);
// Server-side jobs of a team server: the list and one job (their own chunk).
const jobsPage = lazyPage(async () => (await import('./jobs-route.tsx')).JobsRoute);
const jobPage = lazyPage(async () => (await import('./jobs-route.tsx')).JobRoute);
const watchesPage = lazyPage(async () => (await import('./jobs-route.tsx')).WatchesRoute);
const watchPage = lazyPage(async () => (await import('./jobs-route.tsx')).WatchRoute);
// SQL over stored answers (its own chunk; the engine loads with the page itself, decision 020).
const sqlPage = lazyPage(async () => (await import('./sql-route.tsx')).SqlRoute);

// The place dossier: every linked lookup around one place, with its map and evidence pack (its own chunk).
const dossierPage = lazyPage(async () => (await import('./dossier/dossier-page.tsx')).DossierPage);

// A team workspace item opened from a link (/shared/<id>, issue 35): its own chunk, on team servers only.
const sharedPage = lazyPage(async () => (await import('./shared-page.tsx')).SharedPage);

/** The lazy routes: what each loads, and whether it names a lookup whose definition it needs. */
const lazyRoutes = [
  { path: '', page: catalogPage, definition: false },
  { path: 'lookups/:slug', page: lookupPage, definition: true },
  { path: 'lookups/:slug/compare', page: comparePage, definition: false },
  { path: 'lookups/:slug/bulk', page: bulkPage, definition: true },
  { path: 'history', page: historyPage, definition: false },
  { path: 'saved', page: savedPage, definition: false },
  { path: 'jobs', page: jobsPage, definition: false },
  { path: 'jobs/:id', page: jobPage, definition: false },
  { path: 'watches', page: watchesPage, definition: false },
  { path: 'watches/:id', page: watchPage, definition: false },
  { path: 'sql', page: sqlPage, definition: false },
  { path: 'dossier', page: dossierPage, definition: false },
  // SHARED_ROUTE of lookups/team-wire.ts, written out: that module brings zod, which the first page does without.
  { path: 'shared/:id', page: sharedPage, definition: false },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...lazyRoutes.map(({ path, page: { Page } }) => (path === '' ? { index: true, element: <Page /> } : { path, element: <Page /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts what the page at `pathname` loads lazily (its chunk and its lookup's definition), so that
 * main.tsx can start it while the entry runs, not inside the first render; resolves once loaded.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  for (const route of lazyRoutes) {
    const match = matchPath(`/${route.path}`, pathname);
    if (!match) continue;
    const { slug } = match.params;
    return Promise.all([route.page.preload(), route.definition && slug !== undefined ? preloadRouteLookup(slug) : undefined]);
  }
  return Promise.resolve();
}

/** The app's pages for the location of the router around it. */
export function AppRoutes() {
  return useRoutes(routes);
}

/** For component tests: the same routes in memory (a data router, whose state tests read). */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routes, { initialEntries: [initialPath] });
}
