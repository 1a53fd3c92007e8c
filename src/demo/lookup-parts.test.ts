// @vitest-environment node
// A lookup is its registry line plus files found by name (docs/adding-a-lookup.md): its
// definition, its demo generator, its sample. Nothing lists them by hand, so this test is what
// notices one missing, doubled or misnamed.
import { describe, expect, it } from 'vitest';
import { allLookups, lookupFiles, type LookupId } from '../lookups/registry.ts';
import { loadLookupBySlug } from '../lookups/lookup-loaders.ts';
import { sampleFiles } from '../lookups/testing/lookup-samples.ts';
import { isDemo } from './demo-types.ts';
import { demoGenerators } from './generators.ts';

const demoModules = import.meta.glob<Readonly<Record<string, unknown>>>(['./*.ts', '!./*.test.ts'], { eager: true });
const definitionFiles = Object.keys(import.meta.glob(['../lookups/[a-z]-*.ts', '!../lookups/*.test.ts'])).map((path) =>
  path.replace(/^\.\.\/lookups\/|\.ts$/g, ''),
);

const cases = allLookups.map((lookup) => [lookup.id, lookup, lookupFiles[lookup.id as LookupId]] as const);

describe('the parts of each lookup', () => {
  it('has one definition file per registered lookup, and none besides', () => {
    expect(definitionFiles.sort()).toEqual(Object.values(lookupFiles).sort());
  });

  it.each(cases)('%s: its definition file holds the registered definition, which its loader loads', async (_id, lookup, file) => {
    const module = (await import(`../lookups/${file}.ts`)) as Record<string, unknown>;
    expect(Object.values(module)).toContain(lookup);
    expect(await loadLookupBySlug(lookup.slug)).toBe(lookup);
  });

  it.each(cases)('%s: exactly one demo generator, in src/demo/<its name>.ts, is the one the server runs', (_id, lookup, file) => {
    const declaring = Object.entries(demoModules).filter(([, module]) =>
      Object.values(module).some((value) => isDemo(value) && value.lookup === lookup),
    );
    expect(declaring.map(([path]) => path)).toEqual([`./${file}.ts`]);
    const demo = Object.values(declaring[0]![1]).find(isDemo);
    expect(demoGenerators[lookup.id as LookupId]).toBe(demo);
  });

  it.each(cases)('%s: exactly one sample file, <its name>.sample.ts, with a body for every operation', (_id, lookup, file) => {
    const declaring = sampleFiles.filter(({ samples }) => samples.some((samples) => samples.lookup === lookup));
    expect(declaring.map((sample) => sample.file)).toEqual([file]);
    const [samples] = declaring[0]!.samples;
    const bodies = samples!.bodies as Readonly<Record<string, readonly unknown[]>>;
    expect(Object.keys(bodies).sort()).toEqual(lookup.operations.map((operation) => operation.id).sort());
    for (const operation of lookup.operations) expect(bodies[operation.id]!.length).toBeGreaterThan(0);
  });

  it('runs no demo generator for a lookup the registry does not hold', () => {
    const registered = new Set<unknown>(allLookups);
    const stray = Object.values(demoModules)
      .flatMap((module) => Object.values(module).filter(isDemo))
      .filter((demo) => !registered.has(demo.lookup));
    expect(stray).toEqual([]);
    expect(Object.keys(demoGenerators).sort()).toEqual(allLookups.map((lookup) => lookup.id).sort());
  });
});
