import { describe, expect, it } from 'vitest';
import { allLookups } from './registry.ts';
import { LOADABLE_SLUGS, loadLookupBySlug } from './lookup-loaders.ts';

describe('lookup loaders', () => {
  it('load, for every registered slug, the very definition the registry holds', async () => {
    expect(LOADABLE_SLUGS).toEqual(allLookups.map((lookup) => lookup.slug));
    for (const lookup of allLookups) expect(await loadLookupBySlug(lookup.slug)).toBe(lookup);
  });

  it('load nothing for a slug no lookup has, inherited object keys included', async () => {
    for (const slug of ['u', 'A', '', 'constructor', 'toString', '__proto__']) expect(await loadLookupBySlug(slug)).toBeUndefined();
  });
});
