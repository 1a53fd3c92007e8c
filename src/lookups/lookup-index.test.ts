import { describe, expect, it } from 'vitest';
import { indexLookups } from './lookup-index.ts';
import { allLookups, lookups, registryIndex } from './registry.ts';

describe('indexLookups', () => {
  it('finds every lookup of the registry and each of its operations by id', () => {
    for (const lookup of allLookups) {
      expect(registryIndex.lookup(lookup.id)).toBe(lookup);
      for (const operation of lookup.operations) expect(registryIndex.operation(lookup.id, operation.id)).toEqual({ lookup, operation });
    }
  });

  it('finds nothing for an id it does not have, nor an operation under another lookup', () => {
    const index = indexLookups([lookups.H]);
    const operation = lookups.H.operations[0]!;
    expect(index.operation('H', operation.id)?.operation).toBe(operation);
    expect(index.lookup('L')).toBeUndefined();
    expect(index.operation('H', 'no-such-operation')).toBeUndefined();
    expect(index.operation('L', lookups.L.operations[0]!.id)).toBeUndefined();
    expect(index.operation('', '')).toBeUndefined();
  });
});
