// The lookup route's data is its definition, loaded on its own (lookups/lookup-loaders.ts) while
// the page's chunk loads beside it: a lookup page never downloads or builds the other nineteen.
import { useParams } from 'react-router';
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { loadLookupBySlug } from '../lookups/lookup-loaders.ts';
import { readResource, startResource, type Resource } from './route-resource.tsx';

// One load per slug: every send changes the query string, never the definition.
const definitions = new Map<string, Resource<AnyLookup | undefined>>();

function definition(slug: string): Resource<AnyLookup | undefined> {
  let resource = definitions.get(slug);
  if (!resource) definitions.set(slug, (resource = startResource(() => loadLookupBySlug(slug))));
  return resource;
}

/** Starts loading the definition of the lookup with this slug (resolves undefined when none has it). */
export function preloadRouteLookup(slug: string): Promise<AnyLookup | undefined> {
  return definition(slug).promise;
}

/** The lookup the route's URL names (suspends until its definition has loaded); undefined when no lookup has its slug. */
export function useRouteLookup(): AnyLookup | undefined {
  const { slug = '' } = useParams();
  return readResource(definition(slug));
}
