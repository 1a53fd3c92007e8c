// What the browser knows about one answer from the proxy: the shared type of the data layer and the viewer.
import type { HttpMethod } from '../lookups/define-lookup.ts';
import type { LookupMode } from '../lookups/wire.ts';

/** Who answered, from the proxy's `x-lookup-source` header; `unknown` when it was absent. */
export type ResponseSource = LookupMode | 'unknown';

export interface LookupResponse {
  /** Relative proxy URL that was requested, e.g. `/proxy/a/movie/550?language=en-US` (never holds a key). */
  url: string;
  method: HttpMethod;
  /** JSON text sent as the body (POST lookups). */
  requestBody?: string;
  status: number;
  statusText: string;
  headers: Array<[name: string, value: string]>;
  /** From the proxy's `x-lookup-source` header. */
  source: ResponseSource;
  /** Upstream time reported by the proxy (`x-lookup-upstream-ms`), when present. */
  upstreamMs?: number;
  /** Browser-measured time from send to the whole body. */
  timeMs: number;
  sizeBytes: number;
  contentType: string;
  /** The body as text, exactly as received. */
  text: string;
  /** The body parsed (JSON, or XML turned into the same shape); undefined when it could not be parsed. */
  body: unknown;
  /** Why the body could not be parsed, when it could not. */
  parseError?: string;
  /** A big answer read as a stream, its records shown as they arrived (read-answer-body.ts). */
  streamed?: true;
  /** Stop ended the download: the answer holds the records received, this many. */
  stoppedAfter?: number;
}

/** A request that produced no HTTP answer: network failure, timeout or cancellation. */
export class LookupTransportError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'cancelled',
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'LookupTransportError';
  }
}

/**
 * An HTTP answer outside 2xx (proxy refusal, upstream 4xx/5xx). It carries the whole response so
 * the viewer can show status, headers and body; the query's retry rule reads `response.status`.
 */
export class LookupHttpError extends Error {
  constructor(readonly response: LookupResponse) {
    super(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    this.name = 'LookupHttpError';
  }
}
