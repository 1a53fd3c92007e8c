// A saved query in the tools analysts already use: curl (the Request tab's own snippets, against
// this server's proxy or the upstream with the `<API_KEY>` placeholder), a Postman collection v2.1
// (one item per saved query, calling this server's proxy through a `{{baseUrl}}` variable) and a
// Bruno `.bru` request file. Every request is built by the one describeUpstreamRequest.
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import type { KeyPlacement } from '../../lookups/wire.ts';
import { defaultKeyPlacement } from '../../lookups/wire.ts';
import { parseUrlQuery } from '../../form/url-state.ts';
import { describeUpstreamRequest, type UpstreamRequest } from '../../results/request/describe-request.ts';
import { curlSnippet, proxyCurlSnippet } from '../../results/request/snippets.ts';
import type { SavedQuery } from './saved-store.ts';
import { checkSavedQuery } from './saved-validity.ts';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
export const BASE_URL_VARIABLE = 'baseUrl';

export interface SavedRequest {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  request: UpstreamRequest;
}

/** The request a saved query of `lookup` stands for; undefined when it no longer validates. */
export function savedRequest(query: SavedQuery, lookup: AnyLookup | undefined, placement?: KeyPlacement): SavedRequest | undefined {
  const validity = checkSavedQuery(query, lookup);
  if (!validity.ok) return undefined;
  const params = parseUrlQuery(validity.lookup, query.search).submittedParams;
  if (!params) return undefined;
  const request = describeUpstreamRequest(
    validity.lookup,
    validity.operation,
    params,
    placement ?? defaultKeyPlacement(validity.lookup.keyTransport),
  );
  return { lookup: validity.lookup, operation: validity.operation, params, request };
}

export function savedCurl(
  query: SavedQuery,
  lookup: AnyLookup | undefined,
  target: { proxyOrigin: string } | { upstream: KeyPlacement },
): string | undefined {
  if ('proxyOrigin' in target) {
    const saved = savedRequest(query, lookup);
    return saved && proxyCurlSnippet(saved.request, target.proxyOrigin);
  }
  const saved = savedRequest(query, lookup, target.upstream);
  return saved && curlSnippet(saved.request);
}

// ---- Postman collection v2.1 ----

interface PostmanQueryParam {
  key: string;
  value: string;
}

export interface PostmanItem {
  name: string;
  request: {
    method: string;
    header: Array<{ key: string; value: string }>;
    url: { raw: string; host: string[]; path: string[]; query?: PostmanQueryParam[] };
    body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
    description?: string;
  };
}

/** A folder of requests: one per saved collection in "export all". */
export interface PostmanFolder {
  name: string;
  item: PostmanItem[];
}

export interface PostmanCollection<Item = PostmanItem> {
  info: { name: string; description?: string; schema: string };
  item: Item[];
  variable: Array<{ key: string; value: string; type: 'string' }>;
}

function postmanItem(query: SavedQuery, saved: SavedRequest): PostmanItem {
  const { request } = saved;
  const [pathPart = '', searchPart] = request.proxyUrl.split('?', 2);
  const base = `{{${BASE_URL_VARIABLE}}}`;
  const header: PostmanItem['request']['header'] = [];
  if (request.body) header.push({ key: 'Content-Type', value: 'application/json' });
  // The proxy's cross-site guard wants this origin on anything but a GET.
  if (request.method !== 'GET') header.push({ key: 'Origin', value: base });
  // Postman shows and edits query values decoded (it encodes them when it sends): 2024-05-01T00:00:00.000Z, not …T00%3A00….
  const queryPairs = searchPart ? [...new URLSearchParams(searchPart)] : [];
  return {
    name: query.name,
    request: {
      method: request.method,
      header,
      url: {
        raw: `${base}${request.proxyUrl}`,
        host: [base],
        path: pathPart.split('/').filter((segment) => segment !== ''),
        ...(queryPairs.length > 0 && { query: queryPairs.map(([key, value]) => ({ key, value })) }),
      },
      ...(request.body && {
        body: { mode: 'raw' as const, raw: JSON.stringify(request.body, null, 2), options: { raw: { language: 'json' as const } } },
      }),
      ...(query.note && { description: query.note }),
    },
  };
}

type LookupFor = (lookupId: string) => AnyLookup | undefined;

function postmanItems(queries: readonly SavedQuery[], lookupFor: LookupFor, skipped: SavedQuery[]): PostmanItem[] {
  const item: PostmanItem[] = [];
  for (const query of queries) {
    const saved = savedRequest(query, lookupFor(query.lookupId));
    if (saved) item.push(postmanItem(query, saved));
    else skipped.push(query);
  }
  return item;
}

function postmanCollection<Item>(name: string, item: Item[], origin: string): PostmanCollection<Item> {
  return {
    info: {
      name,
      description: 'Saved queries of Lookup Explorer. Each request calls the explorer’s proxy, which adds the API key.',
      schema: POSTMAN_SCHEMA,
    },
    item,
    variable: [{ key: BASE_URL_VARIABLE, value: origin.replace(/\/+$/, ''), type: 'string' }],
  };
}

/**
 * A Postman collection v2.1 of saved queries, one item per query that still validates (the others
 * are returned as skipped), each calling this server's proxy at `{{baseUrl}}` (set to `origin`).
 */
export function writePostmanCollection(
  name: string,
  queries: readonly SavedQuery[],
  lookupFor: LookupFor,
  origin: string,
): { collection: PostmanCollection; skipped: SavedQuery[] } {
  const skipped: SavedQuery[] = [];
  const item = postmanItems(queries, lookupFor, skipped);
  return { collection: postmanCollection(name, item, origin), skipped };
}

/** The saved queries by collection, in the order of their first query. */
export function byCollection(queries: readonly SavedQuery[]): Array<{ name: string; queries: SavedQuery[] }> {
  const groups = new Map<string, SavedQuery[]>();
  for (const query of queries) {
    const group = groups.get(query.collection);
    if (group) group.push(query);
    else groups.set(query.collection, [query]);
  }
  return [...groups].map(([name, list]) => ({ name, queries: list }));
}

export const ALL_SAVED_NAME = 'Lookup Explorer saved queries';

/** Every collection at once: one Postman collection holding a folder per saved collection. */
export function writeAllPostman(
  queries: readonly SavedQuery[],
  lookupFor: LookupFor,
  origin: string,
): { collection: PostmanCollection<PostmanFolder>; skipped: SavedQuery[] } {
  const skipped: SavedQuery[] = [];
  const folders = byCollection(queries)
    .map(({ name, queries: list }) => ({ name, item: postmanItems(list, lookupFor, skipped) }))
    .filter((folder) => folder.item.length > 0);
  return { collection: postmanCollection(ALL_SAVED_NAME, folders, origin), skipped };
}

// ---- Bruno ----

/** A Bruno request file (.bru) calling this server's proxy at `{{baseUrl}}`. */
export function writeBruFile(query: SavedQuery, lookup: AnyLookup | undefined, sequence = 1): string | undefined {
  const saved = savedRequest(query, lookup);
  if (!saved) return undefined;
  const { request } = saved;
  const indent = (text: string, by = '  ') => text.replace(/^(?=.)/gm, by);
  const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');
  const blocks = [
    `meta {\n  name: ${oneLine(query.name)}\n  type: http\n  seq: ${sequence}\n}`,
    `${request.method.toLowerCase()} {\n  url: {{${BASE_URL_VARIABLE}}}${request.proxyUrl}\n  body: ${request.body ? 'json' : 'none'}\n  auth: none\n}`,
  ];
  const [, searchPart] = request.proxyUrl.split('?', 2);
  if (searchPart) {
    const pairs = [...new URLSearchParams(searchPart)].map(([key, value]) => `  ${key}: ${oneLine(value)}`);
    blocks.push(`params:query {\n${pairs.join('\n')}\n}`);
  }
  const headers: string[] = [];
  if (request.body) headers.push('  Content-Type: application/json');
  if (request.method !== 'GET') headers.push(`  Origin: {{${BASE_URL_VARIABLE}}}`);
  if (headers.length > 0) blocks.push(`headers {\n${headers.join('\n')}\n}`);
  if (request.body) blocks.push(`body:json {\n${indent(JSON.stringify(request.body, null, 2))}\n}`);
  if (query.note) blocks.push(`docs {\n${indent(query.note)}\n}`);
  return `${blocks.join('\n\n')}\n`;
}

/** A file name from a saved query's or collection's name: letters, digits and dashes. */
export function fileStem(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'saved-query'
  );
}
