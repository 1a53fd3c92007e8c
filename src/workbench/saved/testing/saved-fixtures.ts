// Saved queries for tests, made from the definitions' own examples (no letter is named: the
// lookups are picked by what they are, e.g. the one that POSTs, or one with a path parameter).
import type { AnyLookup, AnyOperation } from '../../../lookups/define-lookup.ts';
import { allLookups } from '../../../lookups/registry.ts';
import { paramMeta } from '../../../lookups/param.ts';
import { sentQuerySearch } from '../../../form/url-state.ts';
import type { SavedQuery } from '../saved-store.ts';

const hasPathParam = (operation: AnyOperation) =>
  Object.values(operation.params.shape).some((field) => paramMeta(field as never)?.in === 'path');

function pick(test: (lookup: AnyLookup, operation: AnyOperation) => boolean): { lookup: AnyLookup; operation: AnyOperation } {
  for (const lookup of allLookups) for (const operation of lookup.operations) if (test(lookup, operation)) return { lookup, operation };
  throw new Error('no lookup fits');
}

/** A GET operation with a path parameter, the first of its lookup. */
export const pathLookup = pick(
  (lookup, operation) => operation.method === 'GET' && hasPathParam(operation) && operation === lookup.operations[0],
);
/** The POST operation (parameters in a JSON body). */
export const postLookup = pick((_lookup, operation) => operation.method === 'POST');
/** A lookup's second operation (written with `op` in the URL). */
export const secondOperation = pick((lookup, operation) => operation === lookup.operations[1]);

let counter = 0;

export function savedFrom(
  { lookup, operation }: { lookup: AnyLookup; operation: AnyOperation },
  overrides: Partial<SavedQuery> = {},
): SavedQuery {
  counter += 1;
  return {
    id: `saved-${counter}`,
    name: `${lookup.title} example ${counter}`,
    collection: 'My queries',
    lookupId: lookup.id,
    operationId: operation.id,
    search: sentQuerySearch(lookup, operation, operation.example as Record<string, string>),
    createdAt: 1_700_000_000_000 + counter,
    updatedAt: 1_700_000_000_000 + counter,
    ...overrides,
  };
}
