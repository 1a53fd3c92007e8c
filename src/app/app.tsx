import { BrowserRouter } from 'react-router';
import { useState } from 'react';
import { AppRoutes } from './routes.tsx';
import { PreferencesProvider } from './preferences.tsx';
import { QueryClientHolderContext, type QueryClientHolder } from './query-client-holder.ts';

export function App() {
  // One query client per app instance (tests mount several apps). It is made by the first part
  // that runs a query (query-scope.tsx), not here: see query-client-holder.ts.
  const [queryClients] = useState<QueryClientHolder>(() => ({}));
  return (
    <PreferencesProvider>
      <QueryClientHolderContext.Provider value={queryClients}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientHolderContext.Provider>
    </PreferencesProvider>
  );
}
