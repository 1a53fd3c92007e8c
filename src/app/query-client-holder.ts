// The app's one query client, made on first use. The shell (app.tsx) holds the place for it, but
// does not import TanStack Query: the catalog's first paint needs no query, and the library
// (about 11 kB gzip) loads with the first part that does (query-scope.tsx).
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** One per app instance: every query scope of the app shares the client it holds. */
export interface QueryClientHolder {
  client?: QueryClient;
}

export const QueryClientHolderContext = createContext<QueryClientHolder | undefined>(undefined);
