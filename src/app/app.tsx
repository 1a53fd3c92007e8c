import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { useState } from 'react';
import { createAppRouter } from './routes.tsx';
import { PreferencesProvider } from './preferences.tsx';

/** `router`: one made before the first render (main.tsx); a new browser router without. */
export function App({ router: given }: { router?: DataRouter } = {}) {
  // One client and router per app instance (tests mount several apps).
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <PreferencesProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PreferencesProvider>
  );
}
