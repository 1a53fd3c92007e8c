// The one request builder: parsed parameters → the relative request of an operation (filled path,
// query pairs, JSON body). The form preview, the fetcher, the snippets, the cancel message and
// the proxy all call it, so what the browser shows, what it sends and what the proxy forwards
// to a live provider are the same bytes.
import type { AnyOperation, Params, ParamValue } from './define-lookup.ts';
import { paramMeta } from './param.ts';
import { fillPath, fillPathDraft } from './path-template.ts';

export type QueryPair = readonly [name: string, value: string];

export interface LookupRequest {
  method: AnyOperation['method'];
  /** Filled upstream path, percent-encoded, e.g. `/movie/550`. */
  path: string;
  /** Query parameters in the definition's order, as plain (not yet encoded) text. */
  query: readonly QueryPair[];
  /** JSON body for POST operations (R). */
  body?: Record<string, ParamValue>;
  /**
   * Draft mode only: a path parameter is missing or not one safe segment, so the path still
   * holds its `{name}` and the request cannot be sent as it stands. Always false otherwise.
   */
  incomplete: boolean;
}

export interface BuildOptions {
  /**
   * Never throw: a missing or unsafe path parameter stays as its `{name}` placeholder and the
   * request is marked `incomplete` (the form's live preview). Without it, such a value throws
   * UnsafePathError.
   */
  draft?: boolean;
}

/** The text a value travels as in a path or query: lists joined by commas. */
export function paramToText(value: ParamValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function buildRequest(operation: AnyOperation, params: Params, options: BuildOptions = {}): LookupRequest {
  const pathValues: Record<string, string> = {};
  const query: QueryPair[] = [];
  let body: Record<string, ParamValue> | undefined;
  for (const [name, field] of Object.entries(operation.params.shape)) {
    const value = params[name];
    if (value === undefined) continue;
    const location = paramMeta(field as never)?.in ?? 'query';
    if (location === 'path') pathValues[name] = paramToText(value);
    else if (location === 'body') (body ??= {})[name] = value;
    else query.push([name, paramToText(value)]);
  }
  if (operation.method === 'POST') body ??= {};
  const filled = options.draft
    ? fillPathDraft(operation.path, pathValues)
    : { path: fillPath(operation.path, pathValues), incomplete: false };
  return { method: operation.method, path: filled.path, query, ...(body && { body }), incomplete: filled.incomplete };
}

/**
 * A query string from plain pairs, each name and value percent-encoded with encodeURIComponent
 * (a space is `%20`; `&`, `=`, `;`, `#` and `+` inside a value stay inside it).
 */
export function encodeQuery(pairs: readonly QueryPair[]): string {
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

/** `path?query` of a request, relative to the base URL. */
export function requestTarget(request: Pick<LookupRequest, 'path' | 'query'>): string {
  const search = encodeQuery(request.query);
  return search ? `${request.path}?${search}` : request.path;
}
