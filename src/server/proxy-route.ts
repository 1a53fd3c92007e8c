// Decides whether a proxy request is one the spec allows: the lookup's letter, one of its
// methods and path templates (matched on the raw, still-encoded path), and parameters its own
// schema accepts. Everything else is refused here, before any upstream is contacted. What passes
// is rebuilt from the parsed values by buildRequest: nothing of the client's raw text travels on.
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { paramMeta, type ParamLocation } from '../lookups/param.ts';
import { matchPath, UnsafePathError } from '../lookups/path-template.ts';
import { buildRequest, type LookupRequest } from '../lookups/request.ts';
import { refusal, type Refusal } from './http/refusal.ts';
import { compilePath, matchCompiledPath, type CompiledPath } from './path-matcher.ts';

export interface Route {
  ok: true;
  lookup: AnyLookup;
  operation: AnyOperation;
  /** The decoded path parameters (each one safe segment), still to be parsed. */
  pathParams: Record<string, string>;
}

function refuse(status: number, code: string, message: string, headers?: Record<string, string>): Refusal {
  return refusal(status, code, message, headers && { headers });
}

/** Routes `/<slug><upstream path>` (the part after the proxy's prefix) to a lookup's operation. */
export function routeRequest(lookups: readonly AnyLookup[], method: string, path: string): Route | Refusal {
  return createRouter(lookups)(method, path);
}

/** routeRequest over a fixed list of lookups, with the slug table built once, at start-up. */
export function createRouter(lookups: readonly AnyLookup[]): (method: string, path: string) => Route | Refusal {
  const bySlug = new Map(lookups.map((lookup) => [lookup.slug, lookup]));
  // Each operation's path template, split once.
  const compiled = new Map(
    lookups.flatMap((lookup) => lookup.operations.map((operation) => [operation, compilePath(operation.path)] as const)),
  );
  return (method, path) => {
    const slugEnd = path.indexOf('/', 1);
    const slug = path.startsWith('/') ? path.slice(1, slugEnd === -1 ? undefined : slugEnd) : '';
    const lookup = bySlug.get(slug);
    if (!lookup) return refuse(404, 'unknown_lookup', `There is no lookup "${slug.slice(0, 40)}"`);
    return routeToOperation(lookup, method, path.slice(slug.length + 1), compiled);
  };
}

function routeToOperation(
  lookup: AnyLookup,
  method: string,
  upstreamPath: string,
  compiled: ReadonlyMap<AnyOperation, CompiledPath>,
): Route | Refusal {
  // The common case, the first operation with this method whose path matches, without the lists
  // below (they pick the same one: the first matching operation with the method).
  for (const operation of lookup.operations) {
    if (operation.method !== method) continue;
    const params = matchCompiledPath(compiled.get(operation)!, upstreamPath);
    if (params) return { ok: true, lookup, operation, pathParams: params };
  }
  const matches = lookup.operations.map((operation) => ({ operation, match: matchPath(operation.path, upstreamPath) }));
  const onPath = matches.filter(({ match }) => match.ok || match.reason === 'unsafe');
  if (onPath.length === 0) {
    const paths = [...new Set(lookup.operations.map((operation) => operation.path))].join(', ');
    return refuse(404, 'unknown_path', `Lookup ${lookup.id} has no path like this; its paths are ${paths}`);
  }
  const withMethod = onPath.filter(({ operation }) => operation.method === method);
  if (withMethod.length === 0) {
    const allow = [...new Set(onPath.map(({ operation }) => operation.method))].join(', ');
    return refuse(405, 'method_not_allowed', `This path of lookup ${lookup.id} accepts ${allow} only`, { allow });
  }
  const matched = withMethod.find(({ match }) => match.ok) ?? withMethod[0]!;
  if (!matched.match.ok) {
    const { match } = matched;
    const message = match.reason === 'unsafe' ? match.message : 'The path does not match';
    const refusal = refuse(400, 'unsafe_path_parameter', `${message}: a path parameter must be one safe segment`);
    // The message belongs at the field that caused it, as for any other invalid parameter.
    return match.reason === 'unsafe' ? { ...refusal, fields: { [match.param]: match.message } } : refusal;
  }
  return { ok: true, lookup, operation: matched.operation, pathParams: matched.match.params };
}

function formDecode(text: string): string | undefined {
  // Most names and values have nothing to decode.
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Where each declared parameter travels, read from the schema's hints once per operation. */
const locationCache = new WeakMap<AnyOperation, ReadonlyMap<string, ParamLocation>>();
function parameterLocations(operation: AnyOperation): ReadonlyMap<string, ParamLocation> {
  let locations = locationCache.get(operation);
  if (!locations) {
    locations = new Map(Object.entries(operation.params.shape).map(([name, field]) => [name, paramMeta(field as never)?.in ?? 'query']));
    locationCache.set(operation, locations);
  }
  return locations;
}

export interface ParsedParams {
  ok: true;
  /** The parsed, normalised parameters: what the demo generator receives. */
  params: Params;
  /**
   * The same values as the upstream request, built by buildRequest and re-encoded with
   * encodeURIComponent: what a live provider receives (plus the key).
   */
  request: LookupRequest;
}

/**
 * Parses the request's parameters again with the operation's schema. Only declared parameters
 * are read; anything else in the query (a key the client tried to send included) is dropped.
 * Of a parameter sent twice, the first occurrence counts.
 */
export function parseParams(
  operation: AnyOperation,
  pathParams: Record<string, string>,
  rawQuery: string,
  body: Record<string, unknown> | undefined,
): ParsedParams | Refusal {
  const locations = parameterLocations(operation);
  const queryText = new Map<string, string>();
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = formDecode(equals === -1 ? pair : pair.slice(0, equals));
    const value = formDecode(equals === -1 ? '' : pair.slice(equals + 1));
    if (name === undefined || locations.get(name) !== 'query' || queryText.has(name)) continue;
    if (value === undefined)
      return {
        ...refuse(400, 'invalid_parameter', `${name} is not valid percent-encoding`),
        fields: { [name]: `${name} is not valid percent-encoding` },
      };
    queryText.set(name, value);
  }
  const input: Record<string, unknown> = {};
  for (const [name, location] of locations) {
    if (location === 'path') input[name] = pathParams[name];
    else if (location === 'body') input[name] = body?.[name];
    else input[name] = queryText.get(name);
  }
  const result = operation.params.safeParse(input);
  if (!result.success) {
    const fields: Record<string, string> = {};
    const general: string[] = [];
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string') fields[name] ??= `${name} ${issue.message}`;
      else general.push(issue.message);
    }
    const message = [...Object.values(fields), ...general].join('; ');
    return { ...refuse(400, 'invalid_parameter', message || 'The parameters are not valid'), fields };
  }
  const params = result.data as Params;
  try {
    return { ok: true, params, request: buildRequest(operation, params) };
  } catch (error) {
    // A value that normalised into something that is no longer one safe segment.
    if (error instanceof UnsafePathError)
      return {
        ...refuse(400, 'unsafe_path_parameter', `${error.message}: a path parameter must be one safe segment`),
        fields: { [error.param]: error.message },
      };
    throw error;
  }
}
