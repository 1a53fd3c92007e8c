// The one answer interpreter: a pure function run once per answer that turns a parsed body into
// everything the viewer shows: the body, its typed reading, its own verdict, the main records,
// paging, the provider's error wording and the schema drift. Every tab, view, export and the map
// read its output; nothing else re-parses or re-derives a body.
//
// Masking happens in the proxy, before a body leaves the server (src/server/masking-transform.ts);
// the answer's `x-lookup-masked` header says whether it did. The interpreter masks only as a
// fallback: when masking is asked for and the answer does not say it was masked (an older server,
// a body the proxy does not rewrite, an unmasked answer still on screen as masking is switched on).
// The browser never holds the server's masking secret, so the fallback cannot make the server's
// stable pseudonyms: its names, addresses and contacts are numbered for that one answer
// ("Person 1 (this answer)", stand-ins.ts), the same value the same stand-in only within it.
import type { z } from 'zod';
import type { AnyLookup, AnyOperation, PageInfo, Params, SuccessVerdict } from './define-lookup.ts';
import { isRecord } from './adapters.ts';
import { genericErrorText } from './error-text.ts';
import { MASKED_VALUE, maskPersonalData, personalValues } from './masking.ts';
import { readErrorEnvelope, readMasked, WIRE_HEADERS } from './wire.ts';

/** What arrived: the parsed body (undefined when it could not be parsed) and why it could not. */
export interface ReceivedBody {
  body: unknown;
  parseError?: string | undefined;
  /** The answer's headers: `x-lookup-masked` says whether the proxy masked the body. */
  headers?: ReadonlyArray<readonly [string, string]>;
}

export interface InterpretOptions {
  /** Masking is asked for: a body the proxy did not say it masked is masked here (a fallback). */
  mask: boolean;
}

/** One place where the body departs from the spec's schema: `people.0.lat` ('' for the body itself). */
export interface DriftIssue {
  path: string;
  message: string;
}

/**
 * A value of type T with anything that disagreed with the spec removed: every field may be
 * missing, an array element that was wholly wrong is `undefined` (indices stay those of `records`).
 */
export type Salvaged<T> = T extends readonly (infer E)[]
  ? Array<Salvaged<E> | undefined>
  : T extends object
    ? { [K in keyof T]?: Salvaged<T[K]> }
    : T;

/**
 * The body read through the operation's response schema. When it parses, the body itself typed as
 * `z.output` of the schema (response schemas have no transforms, so output and input agree; a
 * test over the registry holds them to that). On drift, a copy without the values that disagree,
 * so a view shows every field that is right and none that is wrong; undefined when nothing is.
 */
export type TypedBody<T> = { conforms: true; body: T } | { conforms: false; body: Salvaged<T> | undefined };

export interface Answer {
  /** The response schema the answer was read against (`typedBody` checks it). */
  readonly schema: z.ZodType;
  /** The body as received (masked by the proxy, or here as a fallback): what every view, export and copy uses. */
  readonly body: unknown;
  /** Whether the body's personal data is masked: the proxy says so, or the fallback masked it here. */
  readonly masked: boolean;
  /** Why the body could not be parsed, when it could not. */
  readonly parseError: string | undefined;
  /** The body's own success marker, when the operation has one. */
  readonly verdict: SuccessVerdict | undefined;
  /** The main records for the table, the map and the own views; [] without a body. */
  readonly records: readonly unknown[];
  readonly paging: PageInfo | undefined;
  /** The provider's own words when the body reports a failure (its verdict says so, or it is an error envelope). */
  readonly errorMessage: string | undefined;
  /**
   * Where the body departs from the schema; [] when it matches or there is no body. A masked number
   * (the string "masked" where the schema wants a number) is masking, not drift: it is left out.
   * Lazy: validated on first read (after the first paint, for a 4 MB body), then remembered.
   */
  readonly drift: readonly DriftIssue[];
  /** The body typed by the schema (see TypedBody), erased; a view reads it through `typedBody`. Lazy like `drift`. */
  readonly typed: TypedBody<unknown>;
}

/** An adapter that throws on an unexpected body must not take the viewer down. */
function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Without a records adapter: an array body is the records, an object is one record. */
function defaultRecords(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return isRecord(body) ? [body] : [];
}

/**
 * The main records of a body, as `interpretAnswer` reads them: the operation's records adapter
 * (one that throws reads as none), else an array body itself, an object body as one record.
 */
export function recordsOf(operation: AnyOperation, body: unknown): readonly unknown[] {
  if (body === undefined) return [];
  const read = operation.adapters?.records;
  return read ? attempt(() => read(body) ?? [], []) : defaultRecords(body);
}

/**
 * The provider's words in an error or failure body: the proxy's envelope says it plainly;
 * otherwise the lookup's own convention (its `errorMessage` adapter); the generic reading only
 * when the body has no shape the lookup knows.
 */
export function providerErrorMessage(operation: AnyOperation, body: unknown): string | undefined {
  const envelope = readErrorEnvelope(body);
  if (envelope) return envelope.message;
  const own = operation.adapters?.errorMessage;
  return (own ? attempt(() => own(body), undefined) : undefined) ?? genericErrorText(body);
}

/** What the schema check keeps of one issue: where it is and what is wrong (structured-cloneable). */
export type SchemaIssue = Pick<z.core.$ZodIssue, 'path' | 'message'>;

interface SchemaCheck {
  issues: readonly SchemaIssue[];
  drift: readonly DriftIssue[];
}

// One validation per (body as received, schema): re-interpreting the same answer, e.g. when masking
// is switched, never validates it again.
const checks = new WeakMap<object, Map<z.ZodType, SchemaCheck>>();

/** The schema's issues with a body: where and what, nothing else (a worker hands them to the page). */
export function schemaIssues(schema: z.ZodType, body: unknown): SchemaIssue[] {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map(({ path, message }) => ({ path: path.map((key) => (typeof key === 'symbol' ? String(key) : key)), message }));
}

function checkOf(issues: readonly SchemaIssue[]): SchemaCheck {
  return { issues, drift: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
}

function validate(schema: z.ZodType, body: unknown): SchemaCheck {
  return checkOf(schemaIssues(schema, body));
}

function checkOnce(schema: z.ZodType, body: unknown): SchemaCheck {
  if (typeof body !== 'object' || body === null) return validate(schema, body);
  let bySchema = checks.get(body);
  if (!bySchema) checks.set(body, (bySchema = new Map()));
  let check = bySchema.get(schema);
  if (!check) bySchema.set(schema, (check = validate(schema, body)));
  return check;
}

/**
 * Hands over the schema check of a body made elsewhere (a big answer is checked in the worker that
 * parsed it), so reading `drift` or `typed` never validates that body on the page's thread.
 * `issues` must be `schemaIssues(schema, body)`.
 */
export function rememberSchemaCheck(schema: z.ZodType, body: unknown, issues: readonly SchemaIssue[]): void {
  if (typeof body !== 'object' || body === null) return;
  let bySchema = checks.get(body);
  if (!bySchema) checks.set(body, (bySchema = new Map()));
  bySchema.set(schema, checkOf(issues));
}

/** The paths to remove, as a tree: `true` removes the value at that key. */
type Removals = Map<PropertyKey, Removals | true>;

/** A copy of `value` without what `removals` names (untouched branches are shared, not copied). */
function prune(value: unknown, removals: Removals): unknown {
  if (Array.isArray(value)) {
    const copy = [...value];
    for (const [key, inner] of removals) {
      if (typeof key === 'number' && key < copy.length) copy[key] = inner === true ? undefined : prune(copy[key], inner);
    }
    return copy;
  }
  if (isRecord(value)) {
    const copy = { ...value };
    for (const [key, inner] of removals) {
      if (typeof key !== 'string' || !(key in copy)) continue;
      if (inner === true) delete copy[key];
      else copy[key] = prune(copy[key], inner);
    }
    return copy;
  }
  return value;
}

/** The body without every value an issue points at, in one pass however many issues there are. */
function salvage(body: unknown, issues: readonly SchemaIssue[]): unknown {
  const root: Removals = new Map();
  for (const { path } of issues) {
    if (path.length === 0) return undefined;
    let node: Removals | true = root;
    for (const [index, key] of path.entries()) {
      if (node === true) break; // an enclosing value is removed already
      if (index === path.length - 1) node.set(key, true);
      else {
        let next: Removals | true | undefined = node.get(key);
        if (next === undefined) node.set(key, (next = new Map()));
        node = next;
      }
    }
  }
  return prune(body, root);
}

function header(received: ReceivedBody, name: string): string | undefined {
  return received.headers?.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** The paths (joined with dots) of the masked-number markers in a masked body: masking, not drift. */
function maskedMarkers(body: unknown, lookup: AnyLookup): Set<string> {
  const paths = new Set<string>();
  for (const { path, value } of personalValues(body, lookup.personalData)) if (value === MASKED_VALUE) paths.add(path.join('.'));
  return paths;
}

/**
 * Interprets one answer. Pure: the same inputs give an equal answer. Adapters and the schema check
 * run on the body every view uses, masked when it is (so records and views never hold what
 * masking hides, and a masked number is never typed as a number).
 */
export function interpretAnswer(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  received: ReceivedBody,
  options: InterpretOptions,
): Answer {
  const arrived = received.body;
  const maskedByServer = readMasked(header(received, WIRE_HEADERS.masked)) === true;
  const maskHere = options.mask && !maskedByServer && lookup.personalData.length > 0 && arrived !== undefined;
  const body = maskHere ? maskPersonalData(arrived, lookup.personalData) : arrived;
  const masked = maskedByServer || maskHere;
  const adapters = operation.adapters ?? {};
  const hasBody = body !== undefined;
  const { success, paging: readPaging } = adapters;

  const records = recordsOf(operation, body);
  const verdict = hasBody && success ? attempt(() => success(body), undefined) : undefined;
  const paging = hasBody && readPaging ? attempt(() => readPaging(body, params), undefined) : undefined;
  const failed = verdict?.ok === false || readErrorEnvelope(body) !== undefined;
  const errorMessage =
    hasBody && failed ? ((verdict?.ok === false ? verdict.message : undefined) ?? providerErrorMessage(operation, body)) : undefined;

  const schema = operation.response;
  let check: SchemaCheck | undefined;
  let typed: TypedBody<unknown> | undefined;
  let drift: readonly DriftIssue[] | undefined;
  const checked = () => (check ??= hasBody ? checkOnce(schema, body) : { issues: [], drift: [] });

  return {
    schema,
    body,
    masked,
    parseError: received.parseError,
    verdict,
    records,
    paging,
    errorMessage,
    get drift() {
      if (drift) return drift;
      const all = checked().drift;
      const markers = masked && all.length > 0 ? maskedMarkers(body, lookup) : undefined;
      return (drift = markers?.size ? all.filter((issue) => !markers.has(issue.path)) : all);
    },
    get typed() {
      if (typed) return typed;
      const { issues } = checked();
      // The schema checked the body itself, masked or not: a masked number ("masked") is an issue
      // there, so the typed body leaves it out rather than type a string as a number.
      typed =
        hasBody && issues.length === 0 ? { conforms: true, body } : { conforms: false, body: hasBody ? salvage(body, issues) : undefined };
      return typed;
    },
  };
}

/**
 * The answer's body typed by `schema`, which must be the schema the answer was read against (a
 * view passes its lookup's response schema); undefined for an answer of another schema.
 */
export function typedBody<S extends z.ZodType>(answer: Answer, schema: S): TypedBody<z.output<S>> | undefined {
  return answer.schema === schema ? (answer.typed as TypedBody<z.output<S>>) : undefined;
}
