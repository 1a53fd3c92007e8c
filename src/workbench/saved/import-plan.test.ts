import { describe, expect, it } from 'vitest';
import { planImport, resolveImport } from './import-plan.ts';
import { pathLookup, postLookup, savedFrom } from './testing/saved-fixtures.ts';

const existing = [savedFrom(pathLookup, { name: 'Movie night' }), savedFrom(postLookup, { name: 'Profile', collection: 'Clients' })];

describe('planning an import', () => {
  it('sorts incoming queries into new, unchanged and conflicting ones', () => {
    const fresh = savedFrom(pathLookup, { name: 'Brand new' });
    const sameId = { ...existing[0]!, note: 'edited elsewhere' };
    const sameName = savedFrom(postLookup, { name: 'profile ', collection: 'clients' });
    const plan = planImport([fresh, existing[1]!, sameId, sameName], existing);
    expect(plan.fresh).toEqual([fresh]);
    expect(plan.unchanged).toEqual([existing[1]]);
    expect(plan.conflicts).toEqual([
      { incoming: sameId, existing: [existing[0]] },
      { incoming: sameName, existing: [existing[1]] },
    ]);
  });

  it('writes nothing over a saved query unless asked: skip by default, replace or keep both on request', () => {
    const sameId = { ...existing[0]!, note: 'edited elsewhere' };
    const sameName = savedFrom(postLookup, { name: 'Profile', collection: 'Clients' });
    const plan = planImport([sameId, sameName], existing);

    expect(resolveImport(plan, {}, existing)).toEqual({ put: [], remove: [] });
    expect(resolveImport(plan, { [sameId.id]: 'skip', [sameName.id]: 'skip' }, existing)).toEqual({ put: [], remove: [] });

    const replaced = resolveImport(plan, { [sameId.id]: 'replace', [sameName.id]: 'replace' }, existing);
    // Same id: written over in place; same name: the old one is removed for the new one.
    expect(replaced).toEqual({ put: [sameId, sameName], remove: [existing[1]!.id] });

    const both = resolveImport(plan, { [sameId.id]: 'keep-both', [sameName.id]: 'keep-both' }, existing);
    expect(both.remove).toEqual([]);
    expect(both.put).toHaveLength(2);
    expect(both.put[0]).toEqual({ ...sameId, id: expect.not.stringMatching(new RegExp(`^${sameId.id}$`)), name: 'Movie night (2)' });
    expect(both.put[1]).toEqual({ ...sameName, id: expect.not.stringMatching(new RegExp(`^${sameName.id}$`)), name: 'Profile (2)' });
  });
});
