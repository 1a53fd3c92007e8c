import { Link, NavLink, Outlet } from 'react-router';
import { usePreferences, type ThemeChoice } from './preferences.tsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { startUsageCounting } from '../workbench/usage/start-usage-counting.ts';
import { useHistoryRecorder } from '../workbench/history/start-history-recorder.ts';
import { PaletteLauncher } from './palette/palette-launcher.tsx';
import { PagePlace } from './page-place.tsx';

// Only a team server that runs jobs shows the link: its check (and the jobs client) loads after the first paint.
const JobsNavLink = lazy(async () => ({ default: (await import('./jobs-nav-link.tsx')).JobsNavLink }));

// On a team server, the signed-in name with its menu (budgets, Sign out); its /me check loads after the first paint.
const IdentityMenu = lazy(async () => ({ default: (await import('./identity-menu.tsx')).IdentityMenu }));

// Reads the server's policy after the first paint (its chunk carries the query library).
const ServerMaskPolicy = lazy(() => import('./server-mask-policy.tsx'));

/**
 * The mask toggle: on by default; switching it refetches the answer on screen (masked and
 * unmasked answers are different queries). When the server forces masking (LOOKUP_MASK=always)
 * it stays on and says why.
 */
function MaskToggle() {
  const { masked, setMasked } = usePreferences();
  const [forced, setForced] = useState(false);
  return (
    <label
      className="toggle"
      title={
        forced
          ? 'This server masks personal data for everyone (LOOKUP_MASK=always)'
          : 'Masked by the server before answers reach this browser'
      }
    >
      <Suspense fallback={null}>
        <ServerMaskPolicy onForced={setForced} />
      </Suspense>
      <input type="checkbox" checked={masked || forced} disabled={forced} onChange={(event) => setMasked(event.target.checked)} />
      Mask personal data
      {forced && <span className="muted"> (required by this server)</span>}
    </label>
  );
}

export function Layout() {
  const { theme, setTheme, masked } = usePreferences();
  // Every request is recorded in History (unless "do not record"), following the masking choice.
  useHistoryRecorder(masked);
  // Today's usage counters count every answer, on whichever page it arrives.
  useEffect(() => startUsageCounting(), []);
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          Lookup Explorer
        </Link>
        {/* NavLink marks the page being shown with aria-current="page" (and the style keys on that). */}
        <nav aria-label="Workbench" className="header-nav">
          <NavLink to="/history">History</NavLink>
          <NavLink to="/saved">Saved</NavLink>
          <NavLink to="/sql">SQL</NavLink>
          <Suspense fallback={null}>
            <JobsNavLink />
          </Suspense>
        </nav>
        <div className="header-controls">
          <PaletteLauncher />
          <MaskToggle />
          <label className="theme-choice">
            Theme
            <select value={theme} onChange={(event) => setTheme(event.target.value as ThemeChoice)}>
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <Suspense fallback={null}>
            <IdentityMenu />
          </Suspense>
        </div>
      </header>
      <main id="content" tabIndex={-1}>
        <PagePlace>
          <Outlet />
        </PagePlace>
      </main>
      <footer className="app-footer">
        Keys stay on the server. <a href="/openapi.json">OpenAPI document</a> · <a href="/healthz">Lookup modes</a>
      </footer>
    </>
  );
}
