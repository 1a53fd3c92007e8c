// Where a page renders inside the layout: a loading state while a lazy page (or its lookup's
// definition) loads, and a message in the page's place, not a blank screen, when a page fails.
// Navigations are transitions (React Router's BrowserRouter), so the page on screen stays until
// the next one is ready; the loading state shows only when a page is opened directly.
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useMatch } from 'react-router';

export function PagePlace({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The catalog and a lookup page are taller than the screen (the catalog is a chunk of its own too).
  const tallPage = useMatch('/lookups/:slug') !== null || pathname === '/';
  return (
    <PageErrorBoundary pathname={pathname}>
      <Suspense fallback={tallPage ? <TallPageLoading /> : <PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

function PageLoading() {
  return <p role="status">Loading…</p>;
}

/**
 * A page taller than the screen: holding a screen's height while it loads keeps the footer out of
 * view, so the page's arrival does not shift it (a layout shift on every slow load).
 */
function TallPageLoading() {
  return (
    <p role="status" style={{ minHeight: '100vh' }}>
      Loading…
    </p>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}
interface BoundaryState {
  pathname: string;
  error?: Error;
}

/** A page that throws (or whose chunk fails to load) shows why; another address starts afresh. */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: undefined };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="not-found" role="alert">
        <h1>This page failed to load</h1>
        <p>{error.message}</p>
        <p>
          <a href={this.props.pathname}>Try again</a>
        </p>
      </section>
    );
  }
}
