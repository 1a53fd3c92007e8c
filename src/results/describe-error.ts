// Turns whatever went wrong into words for people: what happened, the body's own message, what
// to try, and whether sending again could help. Pure, so every error kind is unit-testable.
import type { LookupResponse } from '../api/lookup-response.ts';
import { LookupHttpError, LookupTransportError } from '../api/lookup-response.ts';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { providerErrorMessage } from '../lookups/answer.ts';
import type { ErrorEnvelope } from '../lookups/wire.ts';
import { readErrorEnvelope } from '../lookups/wire.ts';

export type ErrorKind =
  | 'refused'
  | 'key'
  | 'not-found'
  | 'rate-limited'
  | 'upstream'
  | 'client'
  | 'gateway'
  | 'body-failure'
  | 'malformed'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'unknown';

export interface ErrorReport {
  kind: ErrorKind;
  title: string;
  /** The most specific words available: the body's own message when there is one. */
  message: string;
  /** What the user can do about it. */
  hint: string;
  canRetry: boolean;
  /** Per-parameter messages from a proxy refusal. */
  fields?: Array<[name: string, message: string]>;
  /** The answer, when there was one, so its status, headers and raw body can be shown. */
  response?: LookupResponse;
}

/** Seconds to wait from a Retry-After header (delta seconds or an HTTP date). */
export function retryAfterSeconds(response: LookupResponse, now = Date.now()): number | undefined {
  const header = response.headers.find(([name]) => name.toLowerCase() === 'retry-after')?.[1]?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A provider's words for "no record matches" (e.g. "SuccessWithoutResult", "No result found"). */
const SAYS_NOTHING_FOUND = /without ?results?|not found|no (results?|records?|matches)( found)?\b/i;

function gatewayReport(code: string, message: string, lookup: AnyLookup, response: LookupResponse): ErrorReport {
  if (code === 'upstream_too_large') {
    return {
      kind: 'gateway',
      title: 'The answer was too large',
      message,
      canRetry: false,
      response,
      hint: 'Narrow the query (smaller radius, shorter time range, fewer results), or raise LOOKUP_MAX_BYTES on the server.',
    };
  }
  if (code === 'upstream_timeout' || response.status === 504) {
    return {
      kind: 'gateway',
      title: 'The provider took too long to answer',
      message,
      canRetry: true,
      response,
      hint: 'Try again, or narrow the query. The server waits LOOKUP_TIMEOUT_MS (15 s by default).',
    };
  }
  return {
    kind: 'gateway',
    title: 'The provider could not be reached',
    message,
    canRetry: true,
    response,
    hint: `Try again in a moment. If it persists, check LOOKUP_${lookup.id}_BASE_URL and the server's network.`,
  };
}

/** The codes the proxy reports an upstream's trouble with (unreachable, too slow, too large). */
const GATEWAY_CODES = new Set(['upstream_unreachable', 'upstream_timeout', 'upstream_too_large']);

function refusalReport(response: LookupResponse, refusal: ErrorEnvelope['error']): ErrorReport {
  const fields = refusal.fields ? Object.entries(refusal.fields) : undefined;
  const hint =
    response.status === 405
      ? 'This lookup only accepts the method the spec gives; the app sends it, so reload the page.'
      : response.status === 404
        ? 'Only the spec’s paths are forwarded. Check the path parameters for slashes or unusual characters.'
        : 'Correct the parameters named here and send the request again.';
  return {
    kind: 'refused',
    title: `The proxy refused the request (${refusal.code})`,
    message: refusal.message,
    hint,
    canRetry: false,
    fields,
    response,
  };
}

export function describeHttpError(response: LookupResponse, lookup: AnyLookup, operation: AnyOperation): ErrorReport {
  const { status, body } = response;
  // The proxy's own envelope says who produced it: its refusals and gateway reports are told
  // apart by origin and code, never guessed from the shape or a missing header.
  const envelope = readErrorEnvelope(body);
  if (envelope && (GATEWAY_CODES.has(envelope.code) || (envelope.origin === 'proxy' && (status === 502 || status === 504)))) {
    return gatewayReport(envelope.code, envelope.message, lookup, response);
  }
  if (envelope?.origin === 'proxy') return refusalReport(response, envelope);
  // Otherwise the provider's (or the demo's) own error body, read by the lookup's convention.
  const words =
    providerErrorMessage(operation, body) ?? (response.text.trim().slice(0, 300) || `HTTP ${status} ${response.statusText}`.trim());
  const base = { message: words, response };
  if (status === 401 || status === 403) {
    return {
      ...base,
      kind: 'key',
      title: `The provider rejected the API key (HTTP ${status})`,
      canRetry: false,
      hint: `Check LOOKUP_${lookup.id}_KEY on the server, and LOOKUP_${lookup.id}_KEY_PARAM or _KEY_HEADER: the key may be missing, mistyped, expired or not entitled to this lookup.`,
    };
  }
  // Some providers answer an unknown record with a 400 whose words say so ("SuccessWithoutResult"):
  // that is a not-found, not a refused parameter.
  if (status === 404 || (status === 400 && SAYS_NOTHING_FOUND.test(words))) {
    return {
      ...base,
      kind: 'not-found',
      title: `Nothing found (HTTP ${status})`,
      canRetry: false,
      hint: 'Check the identifiers in the parameters; the provider does not know this one.',
    };
  }
  if (status === 429) {
    const wait = retryAfterSeconds(response);
    return {
      ...base,
      kind: 'rate-limited',
      title: 'Rate limit reached (HTTP 429)',
      canRetry: true,
      hint:
        wait !== undefined
          ? `The provider asks to wait ${wait} s (Retry-After) before trying again.`
          : 'Wait a moment before trying again; the provider limits how often it may be called.',
    };
  }
  if (status === 502 || status === 504) {
    return gatewayReport(envelope?.code ?? '', words, lookup, response);
  }
  if (status >= 500) {
    return {
      ...base,
      kind: 'upstream',
      title: `The provider failed (HTTP ${status})`,
      canRetry: true,
      hint: 'This is a problem on the provider’s side. Try again in a moment.',
    };
  }
  return {
    ...base,
    kind: 'client',
    title: `The provider refused the request (HTTP ${status})`,
    canRetry: false,
    hint: 'Check the parameters: the provider’s message above says which one it did not accept.',
  };
}

export function describeTransportError(error: LookupTransportError): ErrorReport {
  const reports = {
    network: {
      title: 'The proxy could not be reached',
      hint: 'Check your connection and that the Lookup Explorer server is running, then try again.',
    },
    timeout: { title: 'The request timed out', hint: 'The answer took too long. Try again, or narrow the query.' },
    cancelled: { title: 'The request was cancelled', hint: 'Send it again when you are ready.' },
  } as const;
  return { kind: error.kind, ...reports[error.kind], message: error.message, canRetry: true };
}

/** An HTTP-200 answer whose body says it failed; `message` is the interpreter's `errorMessage`. */
export function describeBodyFailure(response: LookupResponse, message: string | undefined): ErrorReport {
  return {
    kind: 'body-failure',
    title: `The provider reported a failure (HTTP ${response.status}, but the body says it failed)`,
    message: message ?? 'The body’s success marker says the request failed.',
    hint: 'Check the parameters the message names (codes, dates, identifiers) and send again.',
    canRetry: false,
    response,
  };
}

export function describeMalformed(response: LookupResponse): ErrorReport {
  return {
    kind: 'malformed',
    title: 'The answer could not be read',
    message: response.parseError ?? 'The body is not valid JSON or XML.',
    hint: 'The body is shown as received. The provider may have sent an HTML error page or a truncated answer; try again.',
    canRetry: true,
    response,
  };
}

export function describeError(error: unknown, lookup: AnyLookup, operation: AnyOperation): ErrorReport {
  if (error instanceof LookupHttpError) return describeHttpError(error.response, lookup, operation);
  if (error instanceof LookupTransportError) return describeTransportError(error);
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: 'unknown',
    title: 'Something went wrong',
    message,
    hint: 'Try again; if it keeps failing, reload the page.',
    canRetry: true,
  };
}
