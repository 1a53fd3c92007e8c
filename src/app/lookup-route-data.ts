// The lookup route's data is its definition, loaded on its own (lookups/lookup-loaders.ts) while
// the page's chunk loads beside it: a lookup page never downloads or builds the other nineteen.
import { useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { loadLookupBySlug } from '../lookups/lookup-loaders.ts';

export function lookupRouteLoader({ params }: LoaderFunctionArgs): Promise<AnyLookup | undefined> {
  return loadLookupBySlug(params.slug ?? '');
}

/** The definition changes only with the slug: a new query string (every send) keeps it. */
export function lookupRouteShouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.slug !== nextParams.slug;
}

/** The lookup the route's URL names; undefined when no lookup has its slug. */
export function useRouteLookup(): AnyLookup | undefined {
  return useLoaderData<typeof lookupRouteLoader>();
}
