import { describe, expect, it } from 'vitest';
import { allLookups } from './registry.ts';
import { loadableSlugs, loadLookupBySlug } from './lookup-loaders.ts';

describe('lookup loaders', () => {
  it('load, for every registered slug, the very definition the registry holds', async () => {
    // Sorted: the registry keeps letter order, the files are found in name order; a letter with
    // two definition files, or a file whose letter is not registered, shows here.
    expect(loadableSlugs().sort()).toEqual(allLookups.map((lookup) => lookup.slug).sort());
    for (const lookup of allLookups) expect(await loadLookupBySlug(lookup.slug)).toBe(lookup);
  });

  it('load nothing for a slug no lookup has, inherited object keys included', async () => {
    const slugs = new Set(allLookups.map((lookup) => lookup.slug));
    // The first lowercase letter no lookup has (none when all 26 are taken).
    const unregistered = Array.from({ length: 26 }, (_, index) => String.fromCharCode(97 + index))
      .filter((slug) => !slugs.has(slug))
      .slice(0, 1);
    const others = [...unregistered, allLookups[0]!.id, '', 'constructor', 'toString', '__proto__'];
    for (const slug of others) expect(await loadLookupBySlug(slug)).toBeUndefined();
  });
});
