// Reads a Postman collection (v2.1, and v2.0 which writes requests the same way) into saved queries:
// each request whose method and path match one of the lookups' path templates becomes a query of
// that lookup, its parameters taken from the URL's path and query and from a JSON body. A request
// through this server's proxy (`/proxy/<slug>/…`, as the Postman export writes) names its lookup;
// an upstream URL is matched on its last path segments (the provider's base URL may add a prefix).
// Anything else is listed as skipped, with why.
import { z } from 'zod';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { allLookups } from '../../lookups/registry.ts';
import { matchPath } from '../../lookups/path-template.ts';
import { paramToText } from '../../lookups/request.ts';
import { defaultKeyPlacement, PROXY_PREFIX } from '../../lookups/wire.ts';
import { paramMeta } from '../../lookups/param.ts';
import type { FormValues } from '../../form/form-values.ts';
import { sentQuerySearch } from '../../form/url-state.ts';
import { validateValues } from '../../form/validate-values.ts';
import { DEFAULT_COLLECTION, newSavedId, type SavedQuery } from './saved-store.ts';
import { formatPath, type ReadFile, type RejectedEntry } from './collection-format.ts';
import { MAX_FOLDER_DEPTH, overImportCap, tooDeep } from './import-limits.ts';

const textSchema = z.union([z.string(), z.object({ content: z.string().optional() })]).optional();
const segmentSchema = z.union([z.string(), z.object({ value: z.string().optional() })]);
const urlSchema = z.union([
  z.string(),
  z.object({
    raw: z.string().optional(),
    path: z.union([z.string(), z.array(segmentSchema)]).optional(),
    query: z
      .array(z.object({ key: z.string().nullable(), value: z.string().nullable().optional(), disabled: z.boolean().optional() }))
      .optional(),
    variable: z.array(z.object({ key: z.string().optional(), value: z.unknown().optional() })).optional(),
  }),
]);
const requestSchema = z.union([
  z.string(),
  z.object({
    method: z.string().optional(),
    url: urlSchema.optional(),
    body: z.object({ mode: z.string().optional(), raw: z.string().optional() }).nullable().optional(),
    description: textSchema.nullable(),
  }),
]);
const itemSchema = z.object({ name: z.string().optional(), item: z.array(z.unknown()).optional(), request: requestSchema.optional() });
const collectionSchema = z.object({
  info: z.object({
    name: z.string().min(1, 'must not be empty'),
    schema: z.string().regex(/\/collection\/v2\.[01]\.\d+\//, 'must be a Postman collection v2.1 (or v2.0) schema URL'),
  }),
  item: z.array(z.unknown()),
});

/** Whether a parsed JSON value looks like a Postman collection rather than a collections file. */
export function looksLikePostman(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'info' in value && 'item' in value;
}

interface RequestParts {
  method: string;
  /** Percent-encoded path, from its first `/`. */
  path: string;
  query: Array<[string, string]>;
  body?: Record<string, unknown>;
  description?: string;
}

/** The path (still encoded) and query of a URL written with `{{variables}}` or a scheme and host. */
function splitRaw(raw: string): { path: string; query: Array<[string, string]> } {
  const withoutFragment = raw.trim().split('#', 1)[0]!;
  const [beforeQuery = '', queryText = ''] = withoutFragment.split(/\?(.*)/s, 2);
  const path = beforeQuery
    .replace(/^\{\{[^}]*\}\}/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .replace(/^[^/]*(?=\/|$)/, '');
  return { path: path || '/', query: [...new URLSearchParams(queryText)] };
}

function requestParts(request: z.output<typeof requestSchema>): RequestParts | string {
  if (typeof request === 'string') return { method: 'GET', ...splitRaw(request) };
  const method = (request.method ?? 'GET').toUpperCase();
  const url = request.url;
  if (url === undefined) return 'the request has no URL';
  let parts: { path: string; query: Array<[string, string]> };
  if (typeof url === 'string') parts = splitRaw(url);
  else if (url.path !== undefined) {
    const variables = new Map((url.variable ?? []).map((variable) => [variable.key ?? '', variable.value]));
    const segments = (
      typeof url.path === 'string'
        ? url.path.split('/')
        : url.path.map((segment) => (typeof segment === 'string' ? segment : (segment.value ?? '')))
    ).map((segment) => {
      // Postman's path variables are written `:name` and filled from url.variable.
      const value = segment.startsWith(':') ? variables.get(segment.slice(1)) : undefined;
      return value === undefined || value === null ? segment : encodeURIComponent(String(value));
    });
    const query = (url.query ?? [])
      .filter((pair) => !pair.disabled && pair.key)
      .map((pair): [string, string] => [decode(pair.key!), decode(pair.value ?? '')]);
    parts = { path: `/${segments.join('/').replace(/^\/+/, '')}`, query };
  } else if (url.raw !== undefined) parts = splitRaw(url.raw);
  else return 'the request has no URL';
  const description = typeof request.description === 'string' ? request.description : (request.description?.content ?? undefined);
  let body: Record<string, unknown> | undefined;
  if (request.body?.raw?.trim()) {
    try {
      const parsed: unknown = JSON.parse(request.body.raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'the request body is not a JSON object';
      body = parsed as Record<string, unknown>;
    } catch {
      return 'the request body is not valid JSON';
    }
  }
  return { method, ...parts, ...(body && { body }), ...(description?.trim() && { description: description.trim() }) };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

interface Candidate {
  lookup: AnyLookup;
  operation: AnyOperation;
  pathParams: Record<string, string>;
  /** Exact matches beat suffix matches, then more literal segments beat fewer. */
  score: number;
}

/** The operations whose path template matches the path (exactly, or as its last segments). */
function candidates(method: string, path: string): { found: Candidate[]; unsafe?: string } {
  const proxied = new RegExp(`^${PROXY_PREFIX}/([^/]+)(/.*)$`).exec(path);
  const lookups = proxied ? allLookups.filter((lookup) => lookup.slug === proxied[1]) : allLookups;
  const target = proxied ? proxied[2]! : path;
  const segments = target.split('/');
  const found: Candidate[] = [];
  let unsafe: string | undefined;
  for (const lookup of lookups) {
    for (const operation of lookup.operations) {
      if (operation.method !== method) continue;
      const template = operation.path.split('/');
      if (segments.length < template.length || (proxied && segments.length !== template.length)) continue;
      const suffix = segments.slice(segments.length - template.length + 1);
      const match = matchPath(operation.path, `/${suffix.join('/')}`);
      if (!match.ok) {
        if (match.reason === 'unsafe') unsafe ??= `${lookup.id}. ${lookup.title}: ${match.message}`;
        continue;
      }
      const literals = template.filter((part) => part !== '' && !/^\{[^}]+\}$/.test(part)).length;
      found.push({ lookup, operation, pathParams: match.params, score: (segments.length === template.length ? 1000 : 0) + literals });
    }
  }
  return { found, ...(unsafe && { unsafe }) };
}

function formValues(candidate: Candidate, parts: RequestParts): FormValues {
  const key = defaultKeyPlacement(candidate.lookup.keyTransport);
  const query = new Map(parts.query.filter(([name]) => key.in !== 'query' || name !== key.name));
  const values: FormValues = {};
  for (const [name, field] of Object.entries(candidate.operation.params.shape)) {
    const where = paramMeta(field as never)?.in ?? 'query';
    const value = where === 'path' ? candidate.pathParams[name] : where === 'body' ? bodyText(parts.body?.[name]) : query.get(name);
    if (value !== undefined && value !== '') values[name] = value;
  }
  return values;
}

function bodyText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return paramToText(value as string[]);
  return JSON.stringify(value);
}

type Matched =
  | { ok: true; query: Omit<SavedQuery, 'id' | 'createdAt' | 'updatedAt' | 'name' | 'collection'> }
  | { ok: false; reason: string };

function matchRequest(parts: RequestParts): Matched {
  const { found, unsafe } = candidates(parts.method, parts.path);
  if (found.length === 0) {
    return { ok: false, reason: unsafe ?? `${parts.method} ${parts.path} matches none of the ${allLookups.length} lookups’ paths` };
  }
  const best = Math.max(...found.map((candidate) => candidate.score));
  const top = found.filter((candidate) => candidate.score === best);
  const checked = top.map((candidate) => {
    const values = formValues(candidate, parts);
    return { candidate, values, validation: validateValues(candidate.operation, values) };
  });
  const valid = checked.filter((entry) => entry.validation.ok);
  if (valid.length > 1)
    return {
      ok: false,
      reason: `${parts.method} ${parts.path} matches several lookups (${valid.map(({ candidate }) => candidate.lookup.id).join(', ')})`,
    };
  const chosen = valid[0];
  if (!chosen) {
    const first = checked[0]!;
    const errors = first.validation.ok ? [] : [...Object.values(first.validation.errors.fields), ...first.validation.errors.form];
    return { ok: false, reason: `${first.candidate.lookup.id}. ${first.candidate.lookup.title}: ${errors.join('; ')}` };
  }
  const { lookup, operation } = chosen.candidate;
  return {
    ok: true,
    query: {
      lookupId: lookup.id,
      operationId: operation.id,
      search: sentQuerySearch(lookup, operation, chosen.values),
      ...(parts.description && { note: parts.description }),
    },
  };
}

/**
 * How many requests (items that are not folders) the items hold, or where they nest too deep:
 * walked with a stack of its own, so a file of any depth is measured without overflowing.
 */
export function measureItems(items: readonly unknown[]): { entries: number } | { tooDeepAt: string } {
  const stack: Array<{ items: readonly unknown[]; where: string; depth: number }> = [{ items, where: 'item', depth: 1 }];
  let entries = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    next.items.forEach((raw, index) => {
      const inner = typeof raw === 'object' && raw !== null ? (raw as { item?: unknown }).item : undefined;
      if (Array.isArray(inner)) stack.push({ items: inner, where: `${next.where}[${index}].item`, depth: next.depth + 1 });
      else entries += 1;
    });
    if (next.depth > MAX_FOLDER_DEPTH)
      return { tooDeepAt: next.where.length > 80 ? `${next.where.slice(0, 40)}…${next.where.slice(-30)}` : next.where };
  }
  return { entries };
}

/** Reads a Postman collection already parsed as JSON into saved queries (new ids), and what it had to skip. */
export function readPostmanValue(value: unknown, now = Date.now()): ReadFile {
  const collection = collectionSchema.safeParse(value);
  if (!collection.success) {
    const issue = collection.error.issues[0]!;
    return { ok: false, message: `This is not a Postman collection: ${formatPath(issue.path)}: ${issue.message}.` };
  }
  // Measured before the walk below, which recurses once per folder.
  const size = measureItems(collection.data.item);
  if ('tooDeepAt' in size) return { ok: false, message: tooDeep(size.tooDeepAt) };
  const over = overImportCap(size.entries, 'requests');
  if (over) return { ok: false, message: over };
  const queries: SavedQuery[] = [];
  const rejected: RejectedEntry[] = [];
  // Collections are flat names: a folder's requests go to a sub-group of the imported collection,
  // named by its path ("Collection / Folder / Inner"), so they stay with the rest of the file.
  const collectionName = collection.data.info.name.trim() || DEFAULT_COLLECTION;
  const walk = (items: readonly unknown[], where: string, folder: string | undefined) => {
    items.forEach((raw, index) => {
      const at = `${where}[${index}]`;
      const item = itemSchema.safeParse(raw);
      if (!item.success) {
        const issue = item.error.issues[0]!;
        rejected.push({ where: `${at}${issue.path.length ? `.${formatPath(issue.path)}` : ''}`, reason: issue.message });
        return;
      }
      const name = item.data.name?.trim() || `Request ${index + 1}`;
      if (item.data.item) {
        walk(item.data.item, `${at}.item`, folder ? `${folder} / ${name}` : name);
        return;
      }
      if (!item.data.request) {
        rejected.push({ where: at, name, reason: 'neither a request nor a folder' });
        return;
      }
      const parts = requestParts(item.data.request);
      const matched = typeof parts === 'string' ? ({ ok: false, reason: parts } as const) : matchRequest(parts);
      if (!matched.ok) {
        rejected.push({ where: at, name, reason: matched.reason });
        return;
      }
      queries.push({
        ...matched.query,
        id: newSavedId(),
        name,
        collection: folder ? `${collectionName} / ${folder}` : collectionName,
        createdAt: now,
        updatedAt: now,
      });
    });
  };
  walk(collection.data.item, 'item', undefined);
  return { ok: true, kind: 'Postman collection', queries, rejected };
}
