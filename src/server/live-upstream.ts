// Forwards one checked request to a live provider: attaches the key, bounds the wait and the
// body size, and turns every way it can fail into a status the browser can show.
import type { IncomingHttpHeaders } from 'node:http';
import { encodeQuery, type LookupRequest, type QueryPair } from '../lookups/request.ts';
import type { LookupMode } from './config.ts';

type LiveMode = Extract<LookupMode, { mode: 'live' }>;

/** Client headers that may reach a provider; cookies, authorization and the rest never do. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language'] as const;
/** Provider headers worth showing the browser (paging and rate-limit hints), besides content-type. */
const RETURNED_RESPONSE_HEADERS = /^(content-type|retry-after|link|x-ratelimit-[a-z-]+|ratelimit(-[a-z-]+)?)$/;

export interface UpstreamRequest {
  live: LiveMode;
  /** Built by buildRequest from the parsed parameters: path, query pairs and body, never raw client text. */
  request: LookupRequest;
  clientHeaders: IncomingHttpHeaders;
  timeoutMs: number;
  maxBytes: number;
  /** Aborted when the browser goes away. */
  clientGone: AbortSignal;
}

export type UpstreamOutcome =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: Buffer }
  /** The provider (or the demo) gave no usable answer; the proxy answers with an error envelope. */
  | { kind: 'failure'; status: 502 | 504; code: string; message: string }
  | { kind: 'client-gone' };

export class UpstreamTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The provider's answer is larger than the limit of ${limit} bytes (LOOKUP_MAX_BYTES)`);
    this.name = 'UpstreamTooLargeError';
  }
}

/** The provider's URL: base URL, path, the request's query re-encoded, and the key last when it travels in the query. */
export function upstreamUrl(live: LiveMode, request: Pick<LookupRequest, 'path' | 'query'>): string {
  const { keyPlacement } = live;
  // A declared parameter that shares the key's name never travels: only the configured key does.
  const pairs: QueryPair[] = request.query.filter(([name]) => keyPlacement.in !== 'query' || name !== keyPlacement.name);
  if (keyPlacement.in === 'query') pairs.push([keyPlacement.name, live.key]);
  const search = encodeQuery(pairs);
  return `${live.baseUrl}${request.path}${search ? `?${search}` : ''}`;
}

function requestHeaders(request: UpstreamRequest): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': 'lookup-explorer-proxy' };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.clientHeaders[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (request.request.body) headers['content-type'] = 'application/json';
  if (request.live.keyPlacement.in === 'header') headers[request.live.keyPlacement.name.toLowerCase()] = request.live.key;
  return headers;
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes && response.headers.get('content-encoding') === null) {
    await response.body?.cancel();
    throw new UpstreamTooLargeError(maxBytes);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new UpstreamTooLargeError(maxBytes);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function callUpstream(request: UpstreamRequest): Promise<UpstreamOutcome> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = AbortSignal.any([timeout, request.clientGone]);
  try {
    const sent = request.request.body;
    const response = await fetch(upstreamUrl(request.live, request.request), {
      method: request.request.method,
      headers: requestHeaders(request),
      ...(sent && { body: JSON.stringify(sent) }),
      // A redirect could carry a header key to another host; the browser sees the 3xx instead.
      redirect: 'manual',
      signal,
    });
    const body = await readCapped(response, request.maxBytes);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (RETURNED_RESPONSE_HEADERS.test(name)) headers[name] = value;
    });
    return { kind: 'answer', status: response.status, headers, body };
  } catch (error) {
    if (request.clientGone.aborted) return { kind: 'client-gone' };
    if (error instanceof UpstreamTooLargeError) return { kind: 'failure', status: 502, code: 'upstream_too_large', message: error.message };
    if (timeout.aborted)
      return { kind: 'failure', status: 504, code: 'upstream_timeout', message: `The provider did not answer within ${request.timeoutMs} ms (LOOKUP_TIMEOUT_MS)` };
    return { kind: 'failure', status: 502, code: 'upstream_unreachable', message: `The provider could not be reached: ${describeNetworkError(error)}` };
  }
}

/** The network reason (ECONNREFUSED, ECONNRESET…) without the URL, which holds the key. */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'the connection failed';
}
