// What a link between two lookups is, and the types that make a wrong one a type error: a link
// reads fields of one operation's records (dot paths into `z.output` of its response schema) and
// fills parameters of another operation (names of `z.input` of its params schema). The registry is
// imported for its type only, so the link table holds plain data and pulls no definition into a page.
import type { z } from 'zod';
import type { lookups } from './registry.ts';
import type { LookupId } from './define-lookup.ts';

type Registry = typeof lookups;
/** The operation ids of a lookup. */
export type OperationIdOf<Id extends LookupId> = Registry[Id]['operations'][number]['id'];
type OperationOfId<Id extends LookupId, OpId> = Extract<Registry[Id]['operations'][number], { id: OpId }>;
/** The parameter names of one operation. */
export type ParamNameOf<Id extends LookupId, OpId> = Extract<keyof z.input<OperationOfId<Id, OpId>['params']>, string>;
type BodyOfId<Id extends LookupId, OpId> = z.output<OperationOfId<Id, OpId>['response']>;

/** The keys a schema declares, without the index signature a loose object adds (so a typo is not "any string"). */
type KnownKeys<T> = Extract<keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 }, string>;
type Depth = [never, 0, 1, 2, 3, 4];
/** Every dot path to a field of T, nested objects included, up to four levels deep (arrays end a path). */
export type FieldPath<T, D extends number = 4> = [D] extends [never]
  ? never
  : T extends readonly unknown[]
    ? never
    : T extends object
      ? {
          [K in KnownKeys<T>]:
            | K
            | (NonNullable<T[K]> extends readonly unknown[]
                ? never
                : NonNullable<T[K]> extends object
                  ? `${K}.${FieldPath<NonNullable<T[K]>, Depth[D]>}`
                  : never);
        }[KnownKeys<T>]
      : never;

type Step<T, Key extends string> = T extends readonly (infer Item)[]
  ? Key extends `${number}`
    ? Item
    : never
  : Key extends keyof T
    ? T[Key]
    : never;
type At<T, Path extends string> = Path extends ''
  ? T
  : Path extends `${infer Head}.${infer Rest}`
    ? At<Step<T, Head>, Rest>
    : Step<T, Path>;
/** A record of an operation: an item of the array at `RecordsAt` in its body ('' for an array body). */
export type RecordOf<Id extends LookupId, OpId, RecordsAt extends string> =
  At<BodyOfId<Id, OpId>, RecordsAt> extends readonly (infer Item)[] ? Item : never;

/** How one target parameter gets its value from a source record. */
export type LinkFill<Field extends string = string> =
  /** The record's field at this dot path, as text. */
  | { field: Field }
  /** A coordinate of the record's point (the source definition's `point` adapter). */
  | { point: 'lat' | 'lon' }
  /** `lat,lon,radius` from the record's point and a radius in metres (B's prox). */
  | { prox: number }
  /** A fixed value, for a parameter the target requires and no field feeds (a distance, a time window). */
  | { value: string };

/** One link, erased: plain data generic code reads. */
export interface LookupLink {
  from: LookupId;
  fromOperation: string;
  /** Where the source operation's records sit in its body ('' when the body is the array). */
  recordsAt: string;
  to: LookupId;
  /** The target operation; absent for the lookup's first. */
  toOperation?: string;
  /** The menu's words, e.g. "Crime incidents near this property". */
  label: string;
  /** The target's parameters, each from the record or fixed. */
  fill: Readonly<Record<string, LinkFill>>;
  /** The target parameter that carries the search radius, and how (the dossier sets it). */
  radius?: { param: string; unit: 'prox' | 'distance' };
}

/**
 * Declares a link, checked against both definitions: `from`, `fromOperation`, `to` and
 * `toOperation` must exist, `recordsAt` must reach an array of records, every `field` must be a
 * path of that record and every key of `fill` a parameter of the target operation.
 */
export function defineLink<
  const From extends LookupId,
  const FromOp extends OperationIdOf<From>,
  const RecordsAt extends string,
  const To extends LookupId,
  const ToOp extends OperationIdOf<To> = Registry[To]['operations'][0]['id'],
>(link: {
  from: From;
  fromOperation: FromOp;
  recordsAt: [RecordOf<From, FromOp, RecordsAt>] extends [never] ? `${RecordsAt} is not an array of records` : RecordsAt;
  to: To;
  toOperation?: ToOp;
  label: string;
  fill: { readonly [P in ParamNameOf<To, ToOp>]?: LinkFill<FieldPath<RecordOf<From, FromOp, RecordsAt>>> };
  radius?: { param: ParamNameOf<To, ToOp>; unit: 'prox' | 'distance' };
}): LookupLink {
  return link as LookupLink;
}

/** A link from any record's point, without its source: fills only from the point or fixed values. */
export type PointLink = Omit<LookupLink, 'from' | 'fromOperation' | 'recordsAt' | 'label'>;

/** Declares a point link, checked against the target: every key of `fill` a parameter of the target operation. */
export function definePointLink<
  const To extends LookupId,
  const ToOp extends OperationIdOf<To> = Registry[To]['operations'][0]['id'],
>(link: {
  to: To;
  toOperation?: ToOp;
  fill: { readonly [P in ParamNameOf<To, ToOp>]?: LinkFill<never> };
  radius?: { param: ParamNameOf<To, ToOp>; unit: 'prox' | 'distance' };
}): PointLink {
  return link as PointLink;
}
