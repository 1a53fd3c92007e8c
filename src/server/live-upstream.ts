// Forwards one checked request to a live provider over a pooled keep-alive connection (undici's
// Agent and `dispatch`, not `fetch` nor `request`: no web streams, no per-request Headers,
// Response or Readable objects; upstream-call.ts is the call). The key is attached here and
// nowhere else; redirects are never followed (a 3xx goes back to the browser), nothing is
// decompressed here and the body is handed on chunk by chunk for the proxy to cap, scrub and
// stream on. Every way the exchange can fail becomes a status and a sentence.
import type { IncomingHttpHeaders } from 'node:http';
import { Agent } from 'undici';
import { encodeQuery, type LookupRequest, type QueryPair } from '../lookups/request.ts';
import type { LookupMode } from './config.ts';
import { UpstreamCall, type Cancellation, type UpstreamBody } from './upstream-call.ts';

export { Cancellation } from './upstream-call.ts';

export type LiveMode = Extract<LookupMode, { mode: 'live' }>;

/** Client headers that may reach a provider; cookies, authorization and the rest never do. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language'] as const;

/** An answer of the demo upstream, or a failure of either upstream, as the proxy sends it on. */
export type UpstreamOutcome =
  /** `masked`: the demo masked it (true) or sent it unmasked on request (false); absent when masking does not apply. */
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: Buffer; masked?: boolean }
  /** The provider (or the demo) gave no usable answer; the proxy answers with an error envelope. */
  | UpstreamFailure
  | { kind: 'client-gone' };

export interface UpstreamFailure {
  kind: 'failure';
  status: 502 | 504;
  code: string;
  /** What happened, in words, for the person reading the error. Never a URL (it may hold the key). */
  message: string;
  /** The raw reason (`ECONNREFUSED`, `UND_ERR_SOCKET`, `HPE_INVALID_CONSTANT`…), when there is one. */
  cause?: string;
}

/** A provider's answer as it arrived: status, headers (names lower-case) and the body still streaming. */
export interface LiveAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
}

/** The provider's URL: base URL, path, the request's query re-encoded, and the key last when it travels in the query. */
export function upstreamUrl(live: LiveMode, request: Pick<LookupRequest, 'path' | 'query'>): string {
  const { origin, path } = upstreamTarget(live, request);
  return `${origin}${path}`;
}

function upstreamTarget(live: LiveMode, request: Pick<LookupRequest, 'path' | 'query'>): { origin: string; path: string } {
  const { keyPlacement } = live;
  // A declared parameter that shares the key's name never travels: only the configured key does.
  const pairs: QueryPair[] = request.query.filter(([name]) => keyPlacement.in !== 'query' || name !== keyPlacement.name);
  if (keyPlacement.in === 'query') pairs.push([keyPlacement.name, live.key]);
  const search = encodeQuery(pairs);
  const { origin, basePath } = splitBaseUrl(live.baseUrl);
  return { origin, path: `${basePath}${request.path}${search ? `?${search}` : ''}` };
}

const baseUrls = new Map<string, { origin: string; basePath: string }>();
/** `http://host:port/base` → origin and path prefix, parsed once per configured base URL. */
function splitBaseUrl(baseUrl: string): { origin: string; basePath: string } {
  let split = baseUrls.get(baseUrl);
  if (!split) {
    const url = new URL(baseUrl);
    split = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
    baseUrls.set(baseUrl, split);
  }
  return split;
}

export interface LiveRequest {
  live: LiveMode;
  /** Built by buildRequest from the parsed parameters: path, query pairs and body, never raw client text. */
  request: LookupRequest;
  clientHeaders: IncomingHttpHeaders;
  /** Aborted on timeout or when the browser goes away; it also ends a body still streaming. */
  signal: Cancellation;
}

export interface LiveUpstream {
  /** Sends the request; resolves once the provider's status and headers have arrived. Throws what undici throws. */
  send(request: LiveRequest): Promise<LiveAnswer>;
  close(): Promise<void>;
}

export function createLiveUpstream(options: { timeoutMs: number }): LiveUpstream {
  // One pool per provider origin, kept alive between requests (as nginx's `keepalive` does).
  // undici's own timers are a backstop; the proxy's single timer bounds the whole exchange.
  const agent = new Agent({
    keepAliveTimeout: 4_000,
    connections: 128,
    headersTimeout: options.timeoutMs + 1_000,
    bodyTimeout: options.timeoutMs + 1_000,
    connectTimeout: Math.min(options.timeoutMs, 10_000),
  });
  return {
    send({ live, request, clientHeaders, signal }) {
      const headers: Record<string, string> = { 'user-agent': 'lookup-explorer-proxy' };
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = clientHeaders[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const sent = request.body;
      if (sent) headers['content-type'] = 'application/json';
      if (live.keyPlacement.in === 'header') headers[live.keyPlacement.name.toLowerCase()] = live.key;
      const { origin, path } = upstreamTarget(live, request);
      const call = new UpstreamCall(signal);
      agent.dispatch({ origin, path, method: request.method, headers, ...(sent && { body: JSON.stringify(sent) }) }, call);
      return call.head;
    },
    close: () => agent.close(),
  };
}

/** Raised by the proxy itself while reading a provider's body. */
export class UpstreamFailureError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.message);
    this.name = 'UpstreamFailureError';
  }
}

/** A byte count as people read it: `58720256 bytes (56 MiB)`; the plain number stays, for a search or a config line. */
function bytesInWords(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${bytes} bytes (${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB)`
    : `${bytes} bytes`;
}

/**
 * An answer over LOOKUP_MAX_BYTES: `size` when the provider declared it (refused before a byte is
 * sent), absent when the cap was crossed while the body arrived.
 */
export function tooLarge(limit: number, size?: number): UpstreamFailure {
  const what =
    size === undefined
      ? `passed the limit of ${bytesInWords(limit)} before it ended`
      : `is ${bytesInWords(size)}, over the limit of ${bytesInWords(limit)}`;
  return {
    kind: 'failure',
    status: 502,
    code: 'upstream_too_large',
    message: `The provider's answer ${what}: narrow the query, or raise LOOKUP_MAX_BYTES on the server`,
    cause: `LOOKUP_MAX_BYTES=${limit}`,
  };
}

export function timedOut(timeoutMs: number): UpstreamFailure {
  return {
    kind: 'failure',
    status: 504,
    code: 'upstream_timeout',
    message: `The provider did not answer within ${timeoutMs} ms (LOOKUP_TIMEOUT_MS)`,
  };
}

/** What a network or protocol error code means, said for a person. */
const REASONS: Array<[test: RegExp, code: string, message: string]> = [
  [
    /^ECONNREFUSED$/,
    'upstream_unreachable',
    'The provider could not be reached: nothing accepted the connection at its address (connection refused)',
  ],
  [
    /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/,
    'upstream_unreachable',
    'The provider could not be reached: its host name could not be found (DNS lookup failed)',
  ],
  [
    /^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/,
    'upstream_unreachable',
    'The provider could not be reached: there is no network route to it',
  ],
  [
    /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/,
    'upstream_unreachable',
    'The provider could not be reached: the connection could not be opened in time',
  ],
  [/^(ECONNRESET|EPIPE)$/, 'upstream_unreachable', 'The provider reset the connection before the answer was complete'],
  [/^UND_ERR_SOCKET$/, 'upstream_unreachable', 'The provider closed the connection before the answer was complete'],
  [/^UND_ERR_(HEADERS|BODY)_TIMEOUT$/, 'upstream_timeout', 'The provider stopped sending before the answer was complete'],
  [/^UND_ERR_RES_CONTENT_LENGTH_MISMATCH$/, 'upstream_invalid_answer', "The provider's answer did not match its declared length"],
  [/^UND_ERR_HEADERS_OVERFLOW$/, 'upstream_invalid_answer', "The provider's answer headers were too large"],
  // undici's parser reports some malformed answers (a status below 100) by a failed assertion.
  [
    /^(HPE_|HTTPParserError$|ERR_ASSERTION$|UND_ERR_INFO|UND_ERR_RESPONSE)/,
    'upstream_invalid_answer',
    "The provider's answer was not valid HTTP",
  ],
  [
    /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/,
    'upstream_unreachable',
    'The provider could not be reached: its TLS certificate or handshake was refused',
  ],
  [/^(Z_|ERR_ZLIB)/, 'upstream_invalid_answer', "The provider's compressed answer could not be decoded"],
];

function errorCode(error: unknown): string | undefined {
  // undici wraps llhttp errors (code HPE_…) and socket errors; the reason may sit on `cause`.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, cause, name } = current as { code?: unknown; cause?: unknown; name?: unknown };
    if (typeof code === 'string' && code !== 'UND_ERR' && code !== 'UND_ERR_ABORTED') return code;
    // This undici leaves the parser's HPE_ code out of HTTPParserError.
    if (name === 'HTTPParserError') return name;
    current = cause;
  }
  return undefined;
}

/** A failure of the exchange with the provider, as the error envelope shows it: words, with the raw code beside them. */
export function describeUpstreamError(error: unknown): UpstreamFailure {
  if (error instanceof UpstreamFailureError) return error.failure;
  const cause = errorCode(error);
  const reason = cause ? REASONS.find(([test]) => test.test(cause)) : undefined;
  const code = reason?.[1] ?? 'upstream_unreachable';
  return {
    kind: 'failure',
    status: code === 'upstream_timeout' ? 504 : 502,
    code,
    message: reason?.[2] ?? 'The provider could not be reached: the exchange failed',
    ...(cause && { cause }),
  };
}
