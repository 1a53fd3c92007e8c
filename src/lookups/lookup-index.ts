// Lookups and their operations by id, each found with one Map look-up: the jobs API, its worker
// and the server's worker threads name a lookup by its letter and an operation by its id.
import type { AnyLookup, AnyOperation } from './define-lookup.ts';

export interface FoundOperation {
  lookup: AnyLookup;
  operation: AnyOperation;
}

export interface LookupIndex {
  lookup(lookupId: string): AnyLookup | undefined;
  /** The lookup and its operation, or undefined when either is not there. */
  operation(lookupId: string, operationId: string): FoundOperation | undefined;
}

export function indexLookups(lookups: readonly AnyLookup[]): LookupIndex {
  const byLookup = new Map<string, AnyLookup>(lookups.map((lookup) => [lookup.id, lookup]));
  const byOperation = new Map<string, FoundOperation>();
  for (const lookup of lookups) {
    for (const operation of lookup.operations) byOperation.set(`${lookup.id} ${operation.id}`, { lookup, operation });
  }
  return {
    lookup: (lookupId) => byLookup.get(lookupId),
    operation: (lookupId, operationId) => byOperation.get(`${lookupId} ${operationId}`),
  };
}
