// Each definition on its own, for the browser: a lookup page downloads and builds only its own
// lookup (its zod schemas), not all of them. Building every definition's schemas at once cost a
// phone-class CPU about 300 ms before the page could answer a tap. The definitions are found by
// file name, not listed here: src/lookups/<letter>-<name>.ts is the definition of that letter
// (modules shared by several lookups take a name without a letter prefix). Each match is a
// dynamic import of its own, hence a chunk of its own (src/server/route-html-plugin.ts builds a
// page per lookup from them). lookup-loaders.test.ts checks that every registered lookup, and
// nothing else, is found.
import type { AnyLookup } from './define-lookup.ts';

const definitionModules = import.meta.glob<Readonly<Record<string, unknown>>>(['./[a-z]-*.ts', '!./*.test.ts']);

/** `./b-charging-stations.ts` → `b` (the glob matches only such names). */
const slugOfFile = (file: string) => file.charAt(2);

const loaders = new Map(Object.entries(definitionModules).map(([file, load]) => [slugOfFile(file), load]));

/** The slug of each definition file found, in file order (a letter given two files appears twice). */
export const loadableSlugs = (): string[] => Object.keys(definitionModules).map(slugOfFile);

/** Loads the lookup with this slug; undefined for a slug no lookup has. */
export async function loadLookupBySlug(slug: string): Promise<AnyLookup | undefined> {
  const load = loaders.get(slug);
  // The module's export with this slug is its definition (lookup-parts.test.ts checks it is the registry's).
  return (
    load && (Object.values(await load()).find((value) => (value as Partial<AnyLookup> | null)?.slug === slug) as AnyLookup | undefined)
  );
}
