// A lookup's sample bodies, declared in src/lookups/testing/samples/<name>.sample.ts (the name its
// definition file has) and found there by lookup-samples.ts: the registry-wide tests run every
// operation's samples through the answer interpreter.
import type { AnyLookup, OperationOf } from '../define-lookup.ts';

/** One or more bodies per operation id of L, each holding every field the operation's response schema names. */
export type SamplesFor<L extends AnyLookup> = { readonly [Op in OperationOf<L> as Op['id']]: readonly [unknown, ...unknown[]] };

export interface LookupSamples<L extends AnyLookup = AnyLookup> {
  readonly lookup: L;
  readonly bodies: SamplesFor<L>;
}

/** Declares the sample bodies of `lookup`: every one of its operations needs at least one. */
export function defineSamples<L extends AnyLookup>(lookup: L, bodies: SamplesFor<L>): LookupSamples<L> {
  return { lookup, bodies };
}

export function isLookupSamples(value: unknown): value is LookupSamples {
  return typeof value === 'object' && value !== null && 'lookup' in value && 'bodies' in value;
}
