// The upstream request a lookup stands for, as the spec writes it: `{base_url}/<path>?<query>`
// with the key where it travels, always as the `<API_KEY>` placeholder (the browser never has a key).
import type { LookupDefinition, Operation, Params, ParamValue } from '../../lookups/define-lookup.ts';
import { buildRequest, requestTarget } from '../../lookups/request.ts';

export const KEY_PLACEHOLDER = '<API_KEY>';
export const BASE_URL_PLACEHOLDER = '{base_url}';

export interface UpstreamRequest {
  method: Operation['method'];
  /** Upstream path, filled. */
  path: string;
  /** Query parameters in order, the key parameter last (when the key travels in the query). */
  query: Array<[name: string, value: string]>;
  /** Headers to send, the key header included when the key travels in a header. */
  headers: Array<[name: string, value: string]>;
  body?: Record<string, ParamValue>;
  /** `{base_url}/path?query` with the key placeholder written readably (not percent-encoded). */
  url: string;
  /** The relative proxy URL the browser calls for this request. */
  proxyUrl: string;
}

function queryString(pairs: ReadonlyArray<[string, string]>): string {
  return pairs
    .map(([name, value]) => `${encodeURIComponent(name)}=${value === KEY_PLACEHOLDER ? value : encodeURIComponent(value)}`)
    .join('&');
}

export function describeUpstreamRequest(lookup: LookupDefinition, operation: Operation, params: Params): UpstreamRequest {
  const request = buildRequest(operation, params);
  const query: Array<[string, string]> = [...request.query.entries()];
  const headers: Array<[string, string]> = [];
  const { header, param } = lookup.keyTransport;
  // The spec: the key is a URL parameter (A's is api_key); a header only when the definition says so.
  if (header) headers.push([header, KEY_PLACEHOLDER]);
  else query.push([param ?? 'api_key', KEY_PLACEHOLDER]);
  if (request.body) headers.push(['Content-Type', 'application/json']);
  const search = queryString(query);
  return {
    method: request.method,
    path: request.path,
    query,
    headers,
    body: request.body,
    url: `${BASE_URL_PLACEHOLDER}${request.path}${search ? `?${search}` : ''}`,
    proxyUrl: `/proxy/${lookup.slug}${requestTarget(request)}`,
  };
}
