// The contract every lookup definition fulfils. Isomorphic: no React, no Node APIs.
// One definition drives the catalog, router, form, validation, proxy allowlist, demo
// upstream, snippets and the OpenAPI document. Like a ts-rest contract it keeps its types: an
// operation is generic in its parameter schema P and response schema R, adapters receive
// `z.output<R>` and `z.output<P>`, and the demo generators are typed from it. Generic code works
// on the erased `AnyLookup` / `AnyOperation`.
import type { z } from 'zod';
import type { PersonalPath } from './personal-path.ts';

/**
 * Filled in by src/lookups/registry.ts (`declare module`), so that LookupId is derived from the
 * registry without this file importing it (that would be a cycle): each letter is written once,
 * in its definition's `id`. The same "register" idiom as TanStack Router's `Register`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by registry.ts
export interface LookupRegister {}
/** The letter of a registered lookup, derived from the registry. */
export type LookupId = LookupRegister extends { lookups: infer L } ? Extract<keyof L, string> : string;

export type HttpMethod = 'GET' | 'POST';
export type BodyFormat = 'json' | 'xml';

/** Plain values a parameter holds after parsing. */
export type ParamValue = string | number | boolean | string[] | number[];
/** Parsed parameters of one operation, keyed by the spec's parameter names. */
export type Params = Record<string, ParamValue | undefined>;

/** What a record's point is, for maps. `lat`/`lon` in degrees (WGS 84). */
export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Body success marker verdict: an HTTP 200 can still be a failure. */
export interface SuccessVerdict {
  ok: boolean;
  /** The body's own words, e.g. "SuccessWithoutResult" or error.info. */
  message?: string;
}

/**
 * One line of paging state, with the parameters for the neighbouring pages when the lookup can
 * page. A summary never promises what no parameter fetches: an answer that holds less than the
 * query matched either has neighbours (next/prev, pages) or says so through `narrowing`.
 */
export interface PageInfo {
  /** e.g. "Page 2 of 7", "Results 11–20 of 342", "20 of 57 companies shown". */
  summary: string;
  next?: Params;
  prev?: Params;
  /** Numbered pages the lookup can reach by a parameter (L's page, T's offset): first, last and any page. */
  pages?: PageJump;
  /** The answer holds less than the query matched and no parameter fetches the rest: why, and what narrows it. */
  narrowing?: Narrowing;
}

/** Every page of an answer, reachable by the parameters `to(page)` returns (pages count from 1). */
export interface PageJump {
  page: number;
  last: number;
  to(page: number): Params;
  /** How every page's records merge into one answer ("Fetch all pages"); absent where they cannot. */
  merge?: PageMerge;
}

/** What merging answers into one needs from a definition, for a window split (M) or every page (L, T). */
export interface RecordsMerge {
  /** Plural noun for the records, e.g. "calls". */
  noun: string;
  /** A body of this operation's response shape that holds exactly these records (the merged answer). */
  body(records: readonly unknown[]): unknown;
}

/** Fetching every page of a paged answer and merging their records, each kept once by the operation's `identity`. */
export interface PageMerge extends RecordsMerge {
  /** Records the query matched, where the answer says (L's total_incidents, T's total). */
  total?: number;
}

/** What works instead of paging, for a lookup whose spec gives no page parameter. */
export interface Narrowing {
  /** Plainly: the answer is cut and the rest cannot be fetched, e.g. "The spec gives M no page parameter: …". */
  reason: string;
  /** The narrowing that works for this lookup, e.g. "Use a shorter time window." */
  advice: string;
  /** One click: send these parameters instead (B: the same circle at half the radius). */
  resend?: { label: string; params: Params };
  /** One click: run the query as consecutive time windows and merge their records into one answer (M). */
  split?: WindowSplit;
}

/**
 * How a query over a time window splits into shorter windows whose answers together hold every
 * record. The two parameters hold ISO 8601 date-times that both bound inclusively (to the millisecond).
 */
export interface WindowSplit extends RecordsMerge {
  fromParam: string;
  untilParam: string;
  /** How many windows to start with; a window whose answer is still cut is split again. */
  windows: number;
  /** Records the query matched, as the cut answer reported. */
  total: number;
  /** Records one answer holds at most. */
  perAnswer: number;
  /** Whether the provider sorts newest first: the merged records keep that order across windows. */
  newestFirst: boolean;
  /** What identifies a record: the same call seen by two windows is kept once. */
  identity(record: unknown): string;
}

/** How the map's location picker writes a point and radius into this operation's parameters. */
export type LocationSearch =
  | { kind: 'prox'; param: string } // one parameter "lat,lon,radiusMetres" (B)
  | { kind: 'lat-lon-distance'; lat: string; lon: string; distance: string }; // L, M

/** One line of a record's map popup: a label and where its value sits in the record. */
export interface MapPopupField {
  label: string;
  /**
   * A dot path into the record (`address.city`), where `*` reads every item of an array
   * (`connectors.connector.*.maxPowerLevel`); several paths read as one value, joined by a space.
   */
  path: string | readonly string[];
  /** Written after the value, e.g. `m` or `kW`. */
  unit?: string;
}

/** What the results map shows of a record besides its label (the popup's title) and its position. */
export interface MapPresentation {
  /** The popup's lines, in this order; a line whose value is empty is left out. */
  popup: readonly MapPopupField[];
  /** The table column points are coloured by at first (a category; its legend filters like a facet). */
  colorBy?: string;
  /** The table column points are sized by at first (a number). */
  sizeBy?: string;
  /** The table column holding each record's date or time: the time histogram and `time=` read it. */
  timeField?: string;
}

/** The zod object an operation's parameters are declared with: every field parses to a ParamValue. */
export type ParamsSchema = z.ZodObject<{ [name: string]: z.ZodType<ParamValue | undefined, unknown> }>;

/** Form values keyed by P's parameter names; any names for an erased P. */
export type ExampleOf<P extends ParamsSchema> = string extends keyof z.input<P>
  ? Readonly<Record<string, string>>
  : { readonly [K in keyof z.input<P>]?: string };

/**
 * Written with method syntax on purpose: a specific operation's adapters (taking `z.output<R>`)
 * stay assignable to the erased `AnyOperation` under strictFunctionTypes. Adapters written as
 * `(body: unknown) => …` remain valid. `success` and `errorMessage` read failure bodies too
 * (a 404's `status_message`), which the response schema does not describe, so they take `unknown`.
 */
export interface ResponseAdapters<P extends ParamsSchema = ParamsSchema, R extends z.ZodType = z.ZodType> {
  /** The body's success marker (I, D/G, N, S, and the error-as-200 lookups). */
  success?(body: unknown): SuccessVerdict;
  /** The main array of records for the table and map views. */
  records?(body: z.output<R>): unknown[] | undefined;
  /** Paging state read from the body (and, to build the neighbours, the request's params). */
  paging?(body: z.output<R>, params: z.output<P>): PageInfo | undefined;
  /** A record's coordinates; undefined when the record has none usable. */
  point?(record: unknown): GeoPoint | undefined;
  /** Short label of a record for popups and lists. */
  label?(record: unknown): string;
  /** The provider's own words in one of its error or failure bodies (its convention, e.g. `status_message`). */
  errorMessage?(body: unknown): string | undefined;
}

export interface XmlShape {
  /** Name of the document element that wraps the same content the JSON body holds. */
  root: string;
  /** Element names that are always arrays, even with one child (e.g. `evStation`). */
  arrayElements: readonly string[];
}

/**
 * What identifies one record of an operation across two answers (compare matches records by it):
 * a dot path to the record's id field (`id`, `incident_code`, `identifier.Id`); for records without
 * one, several paths read together as a composite id (`['make', 'model', 'year']`), or a function
 * that builds one (undefined for a record that has none).
 */
export type RecordIdentity = string | readonly [string, ...string[]] | ((record: unknown) => string | undefined);

/** How the result table presents an operation's records. */
export interface TablePresentation {
  /**
   * The columns that identify a record at a glance (a station's name and distance, an episode's
   * title), named as the table names them: flattened dot paths such as `position.latitude`. The
   * table shows them first, in this order, then the answer's other columns up to its usual count.
   */
  keyColumns: readonly string[];
}

/** Result tab shown first for an operation (B, E, H, L, M open on the map). */
export type ResultTab = 'own' | 'map' | 'table' | 'sql' | 'tree' | 'raw' | 'request';

export interface Operation<P extends ParamsSchema = ParamsSchema, R extends z.ZodType = z.ZodType> {
  /** Stable id, written to the URL as `op` when a lookup has several operations. */
  id: string;
  /** Shown in the operation chooser, e.g. "JSON" / "XML". */
  label: string;
  method: HttpMethod;
  /** Path template relative to the base URL, with `{name}` path parameters. */
  path: string;
  /**
   * Parameters as a zod object; each field carries ParamMeta through `.meta()`. Rules that span
   * fields (end_date after start_date, "at least one filter") are `.superRefine` checks on the
   * object whose issues name the field they concern (`path: ['end_date']`).
   */
  params: P;
  /**
   * A complete, valid set of form values (the text each control holds) for which the demo
   * upstream answers with records: the form's "Try an example", and the end-to-end tests.
   * Keys are parameter names of P.
   */
  example: ExampleOf<P>;
  /** The tab the result viewer opens on; defaults to the lookup's own view, else the table. */
  defaultTab?: ResultTab;
  /** Mirrors the spec's field tables; unknown extra fields are allowed. */
  response: R;
  format: BodyFormat;
  /** For `xml` operations: the root element and the elements that always form arrays. */
  xml?: XmlShape;
  adapters?: ResponseAdapters<P, R>;
  /** What identifies a record of `adapters.records` across two answers; every operation with records declares one. */
  identity?: RecordIdentity;
  locationSearch?: LocationSearch;
  /** What the map's popups show of a record; without it they show its first plain fields. */
  map?: MapPresentation;
  /** What the table shows first; without it, the answer's first columns in schema order. */
  table?: TablePresentation;
  /** Why a choice was made where the spec says "not shown". */
  notes?: readonly string[];
}

export interface CatalogFacts {
  subject: string;
  coverage: string;
  /** Version marker per the spec's Versioning table, e.g. "path prefix /v1", "none". */
  version: string;
  price: string;
  /**
   * US dollars charged per call, when the provider prices each call (R: "from $0.006 per call"):
   * a link that would send such a call to the live upstream asks before sending. Absent for
   * subscriptions, one-time and "on request" prices, which a single call does not add to.
   */
  pricePerCall?: number;
  trial: string;
}

export interface KeyTransport {
  /** Query parameter that carries the key (the spec: "attached to the endpoint URL as a parameter"). */
  param?: string;
  /** Header that carries the key instead, when a provider wants one. */
  header?: string;
}

export interface LookupDefinition<Id extends string = LookupId> {
  id: Id;
  /** Lowercase letter used in routes (`/lookups/a`) and proxy paths (`/proxy/a/...`); defineLookup derives it from `id`. */
  slug: string;
  /** Short human title, e.g. "Movie details". */
  title: string;
  /**
   * Words and phrases a person might search the catalog with that the title and subject do not
   * hold ("police", "exchange rate"). Lowercase; a phrase matches as a phrase. Only the build-time
   * catalog (src/lookups/catalog-entry.ts) carries them to the browser.
   */
  keywords?: readonly string[];
  catalog: CatalogFacts;
  operations: readonly [Operation, ...Operation[]];
  /**
   * Where personal data sits and what kind of value it is (`coordinate:incidents.*.call_latitude`):
   * the proxy masks each by its kind before a body leaves the server. Syntax in masking.ts.
   */
  personalData: readonly PersonalPath[];
  /** Default key transport; the server configuration may override it. */
  keyTransport: KeyTransport;
  /** Where the spec says "not shown", the choice made and why. */
  notes?: readonly string[];
}

/** Where the key travels unless a definition says otherwise: the spec's "attached to the endpoint URL as a parameter". */
export const DEFAULT_KEY_TRANSPORT: KeyTransport = { param: 'api_key' };

/**
 * What a definition file writes: any letter (the registry decides which exist); the slug
 * (default: the lowercase id) and the key transport (default: DEFAULT_KEY_TRANSPORT) optional.
 */
export type LookupDefinitionInput = Omit<LookupDefinition<string>, 'slug' | 'keyTransport'> & {
  slug?: string;
  keyTransport?: KeyTransport;
};

/** A definition as defineLookup returns it: every literal type kept, its slug and key transport filled in. */
export type DefinedLookup<T extends LookupDefinitionInput> = Omit<T, 'slug' | 'keyTransport'> & {
  slug: string;
  keyTransport: KeyTransport;
};

/** Keeps the definition's types (ids, schemas, operations) and fills in the defaults. */
export function defineLookup<const T extends LookupDefinitionInput>(definition: T): DefinedLookup<T> {
  return {
    ...definition,
    slug: definition.slug ?? definition.id.toLowerCase(),
    keyTransport: definition.keyTransport ?? DEFAULT_KEY_TRANSPORT,
  };
}

/** An operation whose id and format stay literal types, for the demo's per-operation typing. */
export interface TypedOperation<P extends ParamsSchema, R extends z.ZodType, Id extends string = string, F extends BodyFormat = BodyFormat>
  extends Operation<P, R> {
  id: Id;
  format: F;
}

/**
 * The adapters an operation has, as callers see them: generic code (the answer interpreter) calls
 * them with whatever body arrived, a failure or drifted one included, and guards each call.
 */
export type CallableAdapters<A> = {
  [K in keyof A & keyof ResponseAdapters]-?: NonNullable<A[K]> extends (...args: infer Args) => infer Result
    ? (...args: { [I in keyof Args]: unknown }) => Result
    : never;
};

/**
 * Required of an operation with a `records` adapter: compare matches the records of two answers
 * by it, and the registry's tests check that every demo record holds one. A missing one is a type
 * error that names this interface ("Property 'identity' is missing … but required in type
 * 'RecordsAdapterNeedsIdentity'"). Without a `records` adapter the answer's records are the array
 * body, or the object as one record, and no identity is needed.
 */
export interface RecordsAdapterNeedsIdentity {
  /** The field (dot path) that identifies one record, e.g. `'id'`; see RecordIdentity. */
  identity: RecordIdentity;
}

type IdentityRule<A> = A extends { records: unknown } ? RecordsAdapterNeedsIdentity : unknown;

/**
 * One operation of a definition: infers P from `params` and R from `response`, so the adapters
 * are written against `z.output<R>` / `z.output<P>` and `example` may only name parameters P
 * declares. The result keeps the literal id and format, and which adapters exist.
 */
export function defineOperation<
  P extends ParamsSchema,
  R extends z.ZodType,
  const Id extends string,
  const F extends BodyFormat,
  A extends ResponseAdapters<P, R> = Record<never, never>,
>(
  // NoInfer: P and R come from `params` and `response`, never from adapters declared apart (D/G share theirs).
  operation: Omit<TypedOperation<P, R, Id, F>, 'adapters'> & { adapters?: A & ResponseAdapters<NoInfer<P>, NoInfer<R>> } & IdentityRule<A>,
  // NoInfer: inside defineLookup the erased contextual type would otherwise be inferred for R and
  // A, and the adapters would see `unknown`.
): NoInfer<Omit<TypedOperation<P, R, Id, F>, 'adapters'> & { adapters: CallableAdapters<A> }> {
  return { ...operation, adapters: (operation.adapters ?? {}) as CallableAdapters<A> };
}

/** A lookup with its types erased, for generic code (catalog, form, viewer, proxy). */
export type AnyLookup = LookupDefinition;
/** An operation with its types erased, for generic code. */
export type AnyOperation = Operation;

/** The parsed parameters of an operation: `z.output` of its params schema. */
export type ParamsOf<Op extends AnyOperation> = z.output<Op['params']>;
/** The typed body of an operation's answer: `z.output` of its response schema. */
export type BodyOf<Op extends AnyOperation> = z.output<Op['response']>;
/** The operations of a lookup, as a union. */
export type OperationOf<L extends AnyLookup> = L['operations'][number];

export function defaultOperation<L extends AnyLookup>(lookup: L): L['operations'][0] {
  return lookup.operations[0];
}

export function findOperation<L extends AnyLookup>(lookup: L, id: string | null | undefined): OperationOf<L> {
  return lookup.operations.find((operation) => operation.id === id) ?? lookup.operations[0];
}
