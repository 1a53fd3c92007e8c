// The contract every lookup definition fulfils. Isomorphic: no React, no Node APIs.
// One definition drives the catalog, router, form, validation, proxy allowlist, demo
// upstream, snippets and the OpenAPI document.
import type { z } from 'zod';

export const LOOKUP_IDS = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J',
  'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T',
] as const;
export type LookupId = (typeof LOOKUP_IDS)[number];

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

/** One line of paging state, with the parameters for the neighbouring pages when the lookup can page. */
export interface PageInfo {
  /** e.g. "Page 2 of 7", "Results 11–20 of 342", "20 shown, more available". */
  summary: string;
  next?: Params;
  prev?: Params;
}

/** How the map's location picker writes a point and radius into this operation's parameters. */
export type LocationSearch =
  | { kind: 'prox'; param: string } // one parameter "lat,lon,radiusMetres" (B)
  | { kind: 'lat-lon-distance'; lat: string; lon: string; distance: string }; // L, M

export interface ResponseAdapters {
  /** The body's success marker (I, D/G, N, S, and the error-as-200 lookups). */
  success?: (body: unknown) => SuccessVerdict;
  /** The main array of records for the table and map views. */
  records?: (body: unknown) => unknown[] | undefined;
  /** Paging state read from the body (and, to build the neighbours, the request's params). */
  paging?: (body: unknown, params: Params) => PageInfo | undefined;
  /** A record's coordinates; undefined when the record has none usable. */
  point?: (record: unknown) => GeoPoint | undefined;
  /** Short label of a record for popups and lists. */
  label?: (record: unknown) => string;
  /** The provider's own words in one of its error or failure bodies (its convention, e.g. `status_message`). */
  errorMessage?: (body: unknown) => string | undefined;
}

export interface XmlShape {
  /** Name of the document element that wraps the same content the JSON body holds. */
  root: string;
  /** Element names that are always arrays, even with one child (e.g. `evStation`). */
  arrayElements: readonly string[];
}

/** Result tab shown first for an operation (B, E, H, L, M open on the map). */
export type ResultTab = 'own' | 'map' | 'table' | 'tree' | 'raw' | 'request';

export interface Operation {
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
  params: z.ZodObject;
  /**
   * A complete, valid set of form values (the text each control holds) for which the demo
   * upstream answers with records: the form's "Try an example", and the end-to-end tests.
   */
  example: Readonly<Record<string, string>>;
  /** The tab the result viewer opens on; defaults to the lookup's own view, else the table. */
  defaultTab?: ResultTab;
  /** Mirrors the spec's field tables; unknown extra fields are allowed. */
  response: z.ZodType;
  format: BodyFormat;
  /** For `xml` operations: the root element and the elements that always form arrays. */
  xml?: XmlShape;
  adapters?: ResponseAdapters;
  locationSearch?: LocationSearch;
  /** Why a choice was made where the spec says "not shown". */
  notes?: readonly string[];
}

export interface CatalogFacts {
  subject: string;
  coverage: string;
  /** Version marker per the spec's Versioning table, e.g. "path prefix /v1", "none". */
  version: string;
  price: string;
  trial: string;
}

export interface KeyTransport {
  /** Query parameter that carries the key (the spec: "attached to the endpoint URL as a parameter"). */
  param?: string;
  /** Header that carries the key instead, when a provider wants one. */
  header?: string;
}

export interface LookupDefinition {
  id: LookupId;
  /** Lowercase letter used in routes (`/lookups/a`) and proxy paths (`/proxy/a/...`). */
  slug: string;
  /** Short human title, e.g. "Movie details". */
  title: string;
  catalog: CatalogFacts;
  operations: readonly [Operation, ...Operation[]];
  /** Field paths holding personal data, dot-separated with `*` for any key or index. */
  personalData: readonly string[];
  /** Default key transport; the server configuration may override it. */
  keyTransport: KeyTransport;
  /** Where the spec says "not shown", the choice made and why. */
  notes?: readonly string[];
}

export function defineLookup<const T extends LookupDefinition>(definition: T): T {
  return definition;
}

export function defaultOperation(lookup: LookupDefinition): Operation {
  return lookup.operations[0];
}

export function findOperation(lookup: LookupDefinition, id: string | null | undefined): Operation {
  return lookup.operations.find((operation) => operation.id === id) ?? lookup.operations[0];
}

/** A lookup with its types erased, for generic code (catalog, form, viewer, proxy). */
export type AnyLookup = LookupDefinition;
/** An operation with its types erased, for generic code. */
export type AnyOperation = Operation;
