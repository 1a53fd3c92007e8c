// The answer cache (LOOKUP_<L>_CACHE_TTL): a live GET answer is kept in the shared store and
// reused for the same lookup, operation and normalised parameters, by any user on any instance.
// The key is made from what the proxy rebuilt from the parsed parameters (buildRequest), so
// `?b=2&a=1` and `?a=1&b=2`, or `1.50` and `1.5`, are one entry; it never holds the provider's key
// or the user. Only answers that succeeded are kept: a 2xx JSON body that is not an error and that
// the operation's own success marker does not call a failure. The key also names the variant of
// the answer the request gets: the forwarded headers that change it (Accept-Language: a French
// answer is never served to a German browser) and whether it asked for unmasked data. Masked and
// unmasked answers are stored apart, each as the browser gets it (masked, and scrubbed of the
// key): with LOOKUP_MASK=always every entry is masked, so no clear personal data sits in the store.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { requestTarget, type LookupRequest } from '../../lookups/request.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, readErrorEnvelope } from '../../lookups/wire.ts';

export interface CachedAnswer {
  status: number;
  contentType: string;
  /** Epoch ms the answer arrived from the provider. */
  storedAt: number;
  /** `x-lookup-masked` of the stored answer, when it went through masking. */
  masked?: string | undefined;
  body: Buffer;
}

/** The request headers the proxy forwards that change the provider's answer. */
export const VARYING_REQUEST_HEADERS = ['accept-language'] as const;

/**
 * Which variant of an answer a request gets: `m` masked or `u` unmasked-asked (the masking policy
 * still decides what is stored under it), then each varying header, normalised.
 */
export function answerVariant(headers: IncomingHttpHeaders): string {
  const asked = headers[MASK_REQUEST_HEADER];
  let variant = typeof asked === 'string' && asked.trim().toLowerCase() === MASK_OFF ? 'u' : 'm';
  for (const name of VARYING_REQUEST_HEADERS) {
    const value = headers[name];
    // Hashed: a header is free text, and the key must stay short and plain.
    variant += `:${typeof value === 'string' && value.trim() !== '' ? createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 16) : '-'}`;
  }
  return variant;
}

/** SHA-256 of the normalised request (method, path, query, body): the cache key's and the audit log's name for the parameters. */
export function paramsHash(request: Pick<LookupRequest, 'method' | 'path' | 'query' | 'body'>): string {
  const hash = createHash('sha256').update(request.method).update(' ').update(requestTarget(request));
  if (request.body) hash.update('\n').update(JSON.stringify(request.body));
  return hash.digest('hex');
}

/** The store key of an answer. `origin` names the provider configuration (a hash of its base URL), so a new base URL never serves old answers. */
export function cacheKey(lookup: AnyLookup, operation: AnyOperation, origin: string, hash: string, variant: string): string {
  return `cache:${lookup.id}:${operation.id}:${origin}:${hash}:${variant}`;
}

/** A short, stable name for a provider's base URL. */
export function originTag(baseUrl: string): string {
  return createHash('sha256').update(baseUrl).digest('hex').slice(0, 12);
}

/** Whether a browser asked for a fresh answer: `Cache-Control: no-cache` (or no-store, max-age=0). */
export function wantsFresh(cacheControl: string | string[] | undefined): boolean {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl;
  return value !== undefined && /(^|,)\s*(no-cache|no-store|max-age\s*=\s*0)\s*(,|$)/i.test(value);
}

/** Whether an answer may be kept: 2xx, JSON, not an error envelope, and its success marker (if any) says success. */
export function isCacheable(operation: AnyOperation, status: number, contentType: string, body: Buffer): boolean {
  if (status < 200 || status > 299 || status === 204 || !/^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType.trim())) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  if (readErrorEnvelope(parsed)) return false;
  const success = operation.adapters?.success;
  if (!success) return true;
  try {
    return success(parsed).ok;
  } catch {
    return false;
  }
}

// An entry: 4 bytes giving the header's length, the header (JSON: status, type, time), the body.
export function encodeEntry({ status, contentType, storedAt, masked, body }: CachedAnswer): Buffer {
  const header = Buffer.from(JSON.stringify({ s: status, t: contentType, at: storedAt, ...(masked !== undefined && { m: masked }) }));
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, body]);
}

export function decodeEntry(bytes: Buffer): CachedAnswer | undefined {
  if (bytes.length < 4) return undefined;
  const length = bytes.readUInt32BE(0);
  if (4 + length > bytes.length) return undefined;
  try {
    const { s, t, at, m } = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as {
      s: unknown;
      t: unknown;
      at: unknown;
      m: unknown;
    };
    if (typeof s !== 'number' || typeof t !== 'string' || typeof at !== 'number') return undefined;
    return { status: s, contentType: t, storedAt: at, ...(typeof m === 'string' && { masked: m }), body: bytes.subarray(4 + length) };
  } catch {
    return undefined;
  }
}
