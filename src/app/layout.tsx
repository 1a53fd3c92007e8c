import { Link, Outlet } from 'react-router';
import { usePreferences, type ThemeChoice } from './preferences.tsx';

export function Layout() {
  const { theme, setTheme, masked, setMasked } = usePreferences();
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
        <div className="header-controls">
          <label className="toggle">
            <input type="checkbox" checked={masked} onChange={(event) => setMasked(event.target.checked)} />
            Mask personal data
          </label>
          <label className="theme-choice">
            Theme
            <select value={theme} onChange={(event) => setTheme(event.target.value as ThemeChoice)}>
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
        </div>
      </header>
      <main id="content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
        Keys stay on the server. <a href="/openapi.json">OpenAPI document</a> · <a href="/healthz">Lookup modes</a>
      </footer>
    </>
  );
}
