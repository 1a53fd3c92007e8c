// Turns parsed parameters into the relative request the proxy forwards: filled path, query, JSON body.
import type { Operation, Params, ParamValue } from './define-lookup.ts';
import { paramMeta } from './param.ts';
import { fillPath } from './path-template.ts';

export interface LookupRequest {
  method: Operation['method'];
  /** Filled upstream path, e.g. `/movie/550`. */
  path: string;
  query: URLSearchParams;
  /** JSON body for POST operations (R). */
  body?: Record<string, ParamValue>;
}

/** The text a value travels as in a path or query: lists joined by commas. */
export function paramToText(value: ParamValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function buildRequest(operation: Operation, params: Params): LookupRequest {
  const pathValues: Record<string, string> = {};
  const query = new URLSearchParams();
  let body: Record<string, ParamValue> | undefined;
  for (const [name, field] of Object.entries(operation.params.shape)) {
    const value = params[name];
    if (value === undefined) continue;
    const location = paramMeta(field as never)?.in ?? 'query';
    if (location === 'path') pathValues[name] = paramToText(value);
    else if (location === 'body') (body ??= {})[name] = value;
    else query.set(name, paramToText(value));
  }
  if (operation.method === 'POST') body ??= {};
  return { method: operation.method, path: fillPath(operation.path, pathValues), query, body };
}

/** `path?query` of a request, relative to the base URL. */
export function requestTarget(request: LookupRequest): string {
  const search = request.query.toString();
  return search ? `${request.path}?${search}` : request.path;
}
