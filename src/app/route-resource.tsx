// What a route loads lazily (a page's chunk, a lookup's definition): started once, by main.tsx
// before the first render when the page is opened directly or by the first render that needs it,
// and read by render: synchronously once it has arrived, else by suspending until it does. A page
// whose chunk was already evaluated (lookups/<slug>.html runs it beside the entry) therefore
// renders in the app's first render, without a loading state first.
import type { ComponentType } from 'react';

export interface Resource<T> {
  promise: Promise<T>;
  settled: boolean;
  value?: T;
  error?: unknown;
}

export function startResource<T>(load: () => Promise<T>): Resource<T> {
  const resource: Resource<T> = { promise: load(), settled: false };
  resource.promise.then(
    (value) => {
      resource.value = value;
      resource.settled = true;
    },
    (error: unknown) => {
      resource.error = error;
      resource.settled = true;
    },
  );
  return resource;
}

/**
 * The value once it has arrived; until then suspends (the nearest Suspense shows its fallback). It
 * throws the promise, as React.lazy and TanStack Query's suspense do, rather than calling use():
 * a render under a test's act() that is not awaited never resumes after use() suspends.
 */
export function readResource<T>(resource: Resource<T>): T {
  if (!resource.settled) throw resource.promise;
  if ('error' in resource) throw resource.error;
  return resource.value as T;
}

/** A page loaded on demand: `Page` renders it (suspending until its chunk is there); `preload` starts the load. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let resource: Resource<ComponentType<P>> | undefined;
  const started = () => (resource ??= startResource(load));
  function LazyPage(props: P) {
    const Loaded = readResource(started());
    return <Loaded {...props} />;
  }
  return { Page: LazyPage, preload: () => started().promise };
}
