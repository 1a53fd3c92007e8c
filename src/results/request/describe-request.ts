// The upstream request a lookup stands for, as the spec writes it: `{base_url}/<path>?<query>`
// with the key where the server sends it (query parameter or header, as it publishes), always as
// the `<API_KEY>` placeholder (the browser never has a key). Built by the one buildRequest.
import type { AnyLookup, AnyOperation, Params, ParamValue } from '../../lookups/define-lookup.ts';
import { buildRequest, encodeQuery, type QueryPair } from '../../lookups/request.ts';
import { API_KEY_PLACEHOLDER, proxyUrl, type KeyPlacement } from '../../lookups/wire.ts';

export const KEY_PLACEHOLDER = API_KEY_PLACEHOLDER;
export const BASE_URL_PLACEHOLDER = '{base_url}';

export interface UpstreamRequest {
  method: AnyOperation['method'];
  /** Upstream path, filled. */
  path: string;
  /** Query parameters in order, the key parameter last (when the key travels in the query). */
  query: QueryPair[];
  /** Headers to send, the key header included when the key travels in a header. */
  headers: Array<[name: string, value: string]>;
  body?: Record<string, ParamValue>;
  /** `{base_url}/path?query` with the key placeholder written readably (not percent-encoded). */
  url: string;
  /** The relative proxy URL the browser calls for this request. */
  proxyUrl: string;
}

export function describeUpstreamRequest(lookup: AnyLookup, operation: AnyOperation, params: Params, key: KeyPlacement): UpstreamRequest {
  const request = buildRequest(operation, params);
  // A declared parameter that shares the key's name never travels: the proxy drops it too.
  const query = request.query.filter(([name]) => key.in !== 'query' || name !== key.name);
  const headers: Array<[string, string]> = [];
  let search = encodeQuery(query);
  if (key.in === 'header') headers.push([key.name, KEY_PLACEHOLDER]);
  else search += `${search ? '&' : ''}${encodeURIComponent(key.name)}=${KEY_PLACEHOLDER}`;
  if (request.body) headers.push(['Content-Type', 'application/json']);
  return {
    method: request.method,
    path: request.path,
    query: key.in === 'query' ? [...query, [key.name, KEY_PLACEHOLDER]] : [...query],
    headers,
    ...(request.body && { body: request.body }),
    url: `${BASE_URL_PLACEHOLDER}${request.path}${search ? `?${search}` : ''}`,
    proxyUrl: proxyUrl(lookup, request),
  };
}
