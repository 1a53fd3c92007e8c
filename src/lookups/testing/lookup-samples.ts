// Every sample module of src/lookups/testing/samples, read at once (tests only: import.meta.glob
// needs Vite, which vitest is). Listed by nobody: a new <name>.sample.ts is found by its file.
import type { AnyLookup, AnyOperation } from '../define-lookup.ts';
import { isLookupSamples, type LookupSamples } from './define-samples.ts';

const modules = import.meta.glob<Readonly<Record<string, unknown>>>('./samples/*.sample.ts', { eager: true });

/** Each sample file's name (`b-charging-stations`) with the samples it declares. */
export const sampleFiles: ReadonlyArray<{ file: string; samples: readonly LookupSamples[] }> = Object.entries(modules).map(
  ([path, module]) => ({
    file: path.replace(/^\.\/samples\//, '').replace(/\.sample\.ts$/, ''),
    samples: Object.values(module).filter(isLookupSamples),
  }),
);

/** The sample bodies of one operation; [] when its lookup declares none. */
export function samplesOf(lookup: AnyLookup, operation: AnyOperation): readonly unknown[] {
  const declared = sampleFiles.flatMap(({ samples }) => samples).find((samples) => samples.lookup === lookup);
  return (declared?.bodies as Readonly<Record<string, readonly unknown[]>> | undefined)?.[operation.id] ?? [];
}
