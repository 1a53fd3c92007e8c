// One demo generator per lookup, found by file name rather than listed by hand: the registry
// names each lookup's files (lookupFiles), and src/demo/<name>.ts exports its `defineDemo(...)`.
// A dynamic import rather than import.meta.glob, because the server and its demo worker threads
// run under plain tsx, without Vite. Loading fails at once, naming the file, for a registered
// lookup without exactly one generator (src/demo/lookup-parts.test.ts says the same in a test).
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { LOOKUP_IDS, lookupFiles, lookups, type LookupId } from '../lookups/registry.ts';
import { isDemo, type DemoGenerator } from './demo-types.ts';

/** The demo exported by a lookup's demo module, or why there is none. */
export function demoIn(module: Readonly<Record<string, unknown>>, lookup: AnyLookup, file: string): DemoGenerator {
  const demos = Object.values(module).filter(isDemo);
  const own = demos.filter((demo) => demo.lookup === lookup);
  if (own.length !== 1 || demos.length !== 1)
    throw new Error(
      `src/demo/${file}.ts must export exactly one defineDemo(...) for lookup ${lookup.id}; it exports ${own.length} for it and ${demos.length - own.length} for others`,
    );
  return own[0] as DemoGenerator;
}

async function loadDemo(id: LookupId): Promise<readonly [LookupId, DemoGenerator]> {
  const file = lookupFiles[id];
  // @vite-ignore: a plain runtime import (under vitest too), whose target is a file of this folder.
  const module = (await import(/* @vite-ignore */ `./${file}.ts`)) as Record<string, unknown>;
  return [id, demoIn(module, lookups[id], file)];
}

/** The generators as the server calls them (see DemoGenerator), by lookup id. */
export const demoGenerators: Readonly<Record<LookupId, DemoGenerator>> = Object.fromEntries(
  await Promise.all(LOOKUP_IDS.map(loadDemo)),
) as Record<LookupId, DemoGenerator>;
