import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allLookups, LOOKUP_IDS, lookupBySlug, lookupFiles, lookups } from './registry.ts';
import { paramMeta } from './param.ts';
import { pathParamNames } from './path-template.ts';

describe('registry', () => {
  it('keys each lookup by its id, one capital letter, in alphabetical order', () => {
    expect(allLookups.length).toBeGreaterThan(0);
    for (const [id, lookup] of Object.entries(lookups)) {
      expect(id).toMatch(/^[A-Z]$/);
      expect(lookup.id).toBe(id);
    }
    expect(Object.keys(lookups)).toEqual(Object.keys(lookups).sort());
    expect(allLookups.map((lookup) => lookup.id)).toEqual([...LOOKUP_IDS]);
  });

  it("names each lookup's files after its slug and export name", () => {
    expect(Object.keys(lookupFiles)).toEqual(expect.arrayContaining([...LOOKUP_IDS]));
    expect(Object.keys(lookupFiles)).toHaveLength(LOOKUP_IDS.length);
    for (const lookup of allLookups)
      expect(lookupFiles[lookup.id as keyof typeof lookupFiles]).toMatch(new RegExp(`^${lookup.slug}-[a-z0-9]+(-[a-z0-9]+)*$`));
  });

  it('gives each lookup its lowercase letter as slug', () => {
    for (const lookup of allLookups) {
      expect(lookup.slug).toBe(lookup.id.toLowerCase());
      expect(lookupBySlug(lookup.slug)).toBe(lookup);
    }
    for (const slug of ['', 'not-a-lookup', ...LOOKUP_IDS]) expect(lookupBySlug(slug)).toBeUndefined();
  });

  it.each(allLookups.map((lookup) => [lookup.id, lookup] as const))(
    '%s: every parameter carries its hints and path parameters match the template',
    (_id, lookup) => {
      for (const operation of lookup.operations) {
        expect(operation.path.startsWith('/')).toBe(true);
        const shape = operation.params.shape as Record<string, z.ZodType>;
        for (const [name, field] of Object.entries(shape)) {
          const meta = paramMeta(field);
          expect(meta, `${lookup.id}.${name} has no meta`).toBeDefined();
          expect(meta!.title.length).toBeGreaterThan(0);
          expect(meta!.help.length).toBeGreaterThan(0);
        }
        const declaredPath = Object.entries(shape)
          .filter(([, field]) => paramMeta(field)?.in === 'path')
          .map(([name]) => name);
        expect(declaredPath.sort()).toEqual(pathParamNames(operation.path).sort());
        if (operation.method === 'GET') expect(Object.values(shape).some((field) => paramMeta(field)?.in === 'body')).toBe(false);
      }
      expect(new Set(lookup.operations.map((operation) => operation.id)).size).toBe(lookup.operations.length);
      const { pricePerCall, ...facts } = lookup.catalog;
      for (const fact of Object.values(facts)) expect(fact.length).toBeGreaterThan(0);
      if (pricePerCall !== undefined) expect(pricePerCall).toBeGreaterThan(0);
    },
  );
});
