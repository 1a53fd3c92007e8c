import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { createAppRouter } from './routes.tsx';
import './global.css';

// The router starts (matches the route, starts its loader and lazy page) while the entry is
// evaluated, not inside the first render: that render's task stays shorter. Waiting for the route
// before rendering was tried and measured worse: the whole page then renders in one long task.
const router = createAppRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
