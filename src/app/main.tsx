import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadRoute } from './routes.tsx';
import './global.css';

// The page's lazy parts (its chunk, its lookup's definition) start loading while the entry is
// evaluated, not inside the first render: that render's task stays shorter, and finds them there
// when the page's HTML already ran them (lookups/<slug>.html). Waiting for the route before
// rendering was tried and measured worse: the whole page then renders in one long task.
preloadRoute(window.location.pathname).catch(() => undefined); // A failed load is shown by the page's place.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
