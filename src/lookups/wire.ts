// The wire protocol between the browser and this server's proxy, written once for both sides:
// where the proxy answers, the headers it adds, the error envelope of everything it refuses or
// reports, where each lookup's key travels (the placement, never the key), and the document in
// which the server publishes those placements.
import { z } from 'zod';
import type { KeyTransport } from './define-lookup.ts';
import { requestTarget, type LookupRequest } from './request.ts';

/** Path prefix the proxy answers under: `/proxy/<slug><upstream path>`. */
export const PROXY_PREFIX = '/proxy';

/** Relative URL of a request through the proxy, e.g. `/proxy/a/movie/550?language=en-US`. */
export function proxyUrl(lookup: { readonly slug: string }, request: LookupRequest): string {
  return `${PROXY_PREFIX}/${lookup.slug}${requestTarget(request)}`;
}

/** Headers the proxy adds to every answer it gives. */
export const WIRE_HEADERS = {
  /** `live` or `demo`: who answered. */
  source: 'x-lookup-source',
  /** Milliseconds the upstream (or the demo) took, as text. */
  upstreamMs: 'x-lookup-upstream-ms',
  /**
   * The provider's own content type (or `none`) when it was neither JSON nor XML: the proxy then
   * sends the body as `text/plain; charset=utf-8`, so it can never render as a page on this origin.
   */
  originalContentType: 'x-lookup-original-content-type',
  /**
   * `true` when the proxy masked the answer's personal data, `false` when the browser asked for
   * it unmasked and the server allowed it. Sent on the JSON answers of lookups with personal data.
   */
  masked: 'x-lookup-masked',
  /**
   * `hit` (answered from the server's answer cache; `age` says how many seconds old), `miss` (not
   * cached: fetched and maybe kept) or `bypass` (the browser sent `Cache-Control: no-cache`). Sent
   * on the live GET answers of lookups with LOOKUP_<L>_CACHE_TTL; absent when nothing is cached.
   */
  cache: 'x-lookup-cache',
} as const;

export const CACHE_STATES = ['hit', 'miss', 'bypass'] as const;
export type CacheState = (typeof CACHE_STATES)[number];

/** The `x-lookup-cache` header read back; undefined when absent or unknown. */
export function readCacheState(header: string | null | undefined): CacheState | undefined {
  const value = header?.trim().toLowerCase();
  return CACHE_STATES.find((state) => state === value);
}

/**
 * Request header by which the browser asks for unmasked personal data: `X-Lookup-Mask: off`.
 * Without it the proxy masks; with LOOKUP_MASK=always the server ignores it.
 */
export const MASK_REQUEST_HEADER = 'x-lookup-mask';
export const MASK_OFF = 'off';

/** LOOKUP_MASK: `default` (the browser's header decides, masked unless it says off) or `always`. */
export const MASK_POLICIES = ['default', 'always'] as const;
export const maskPolicySchema = z.enum(MASK_POLICIES);
export type MaskPolicy = z.output<typeof maskPolicySchema>;

/** The `x-lookup-masked` header read back: true, false, or undefined when absent (the lookup has nothing to mask, or an older server). */
export function readMasked(header: string | null | undefined): boolean | undefined {
  return header === 'true' ? true : header === 'false' ? false : undefined;
}

/** Who answers a lookup: its configured provider, or the embedded demo upstream. */
export const LOOKUP_MODES = ['live', 'demo'] as const;
export const lookupModeSchema = z.enum(LOOKUP_MODES);
export type LookupMode = z.output<typeof lookupModeSchema>;

/** The `x-lookup-source` header read back; undefined when absent or unknown. */
export function readSource(header: string | null | undefined): LookupMode | undefined {
  return lookupModeSchema.safeParse(header).data;
}

/** Who produced an error envelope: the proxy itself, the live provider's failure, or the demo. */
export const ERROR_ORIGINS = ['proxy', 'upstream', 'demo'] as const;
export type ErrorOrigin = (typeof ERROR_ORIGINS)[number];

/**
 * Every error this server answers itself: `{error: {code, message, origin, fields?}}`.
 * `proxy`: a refusal, before any upstream was asked (unknown lookup, bad path, invalid
 * parameters…); `upstream`: the live provider could not be reached, timed out or sent too much;
 * `demo`: the demo upstream failed. A provider's own error body passes through untouched and
 * is not an envelope.
 */
export const errorEnvelopeSchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    origin: z.enum(ERROR_ORIGINS),
    /** Per-parameter messages, keyed by the spec's parameter name. */
    fields: z.record(z.string(), z.string()).optional(),
    /** The raw reason behind an `upstream` failure (`ECONNREFUSED`, `UND_ERR_SOCKET`…); `message` says it in words. */
    cause: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;
export type WireError = ErrorEnvelope['error'];

/** The envelope when `body` is one; undefined for anything else (a provider's own error body). */
export function readErrorEnvelope(body: unknown): WireError | undefined {
  const parsed = errorEnvelopeSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}

/** The proxy's refusal (origin `proxy`) when `body` is one. */
export function readRefusal(body: unknown): WireError | undefined {
  const error = readErrorEnvelope(body);
  return error?.origin === 'proxy' ? error : undefined;
}

/** The placeholder every key is shown as, in snippets and in whatever the proxy scrubs. */
export const API_KEY_PLACEHOLDER = '<API_KEY>';

/** A query parameter name a key may travel as (unreserved characters only). */
export const keyParamNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.~-]+$/, { error: 'must be a query parameter name (letters, digits, _ . ~ -)' });
/** An HTTP header name (RFC 9110 token) a key may travel as. */
export const keyHeaderNameSchema = z
  .string()
  .trim()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: 'must be an HTTP header name' });

/** Where a lookup's key travels upstream: a query parameter or a header, by name. */
export const keyPlacementSchema = z.discriminatedUnion('in', [
  z.object({ in: z.literal('query'), name: keyParamNameSchema }),
  z.object({ in: z.literal('header'), name: keyHeaderNameSchema }),
]);
export type KeyPlacement = z.output<typeof keyPlacementSchema>;

/** The spec's parameter name for A, and the usual default elsewhere. */
export const DEFAULT_KEY_PARAM = 'api_key';

/** The definition's own key placement, before the server's configuration may override it. */
export function defaultKeyPlacement(transport: KeyTransport): KeyPlacement {
  if (transport.header) return { in: 'header', name: transport.header };
  return { in: 'query', name: transport.param ?? DEFAULT_KEY_PARAM };
}

/** Where the server publishes each lookup's mode and effective key placement. */
export const LOOKUP_CONFIG_PATH = '/lookup-config.json';

/** One budget of live calls: its size and period (calendar, UTC), what is spent, and when it is whole again (ISO time). */
export const budgetStateSchema = z.object({
  limit: z.number(),
  period: z.enum(['day', 'month']),
  used: z.number(),
  left: z.number(),
  resetsAt: z.string(),
});
export type BudgetStateDocument = z.output<typeof budgetStateSchema>;

/**
 * `GET /lookup-config.json`: per lookup letter, who answers and where its key travels upstream
 * (as configured on the server, else the definition's default). Never a key, never a base URL.
 */
export const lookupConfigSchema = z.object({
  /** LOOKUP_MASK: `always` when the server masks whatever the browser asks (absent from older servers). */
  mask: maskPolicySchema.optional(),
  /**
   * LOOKUP_MEDIA_SOURCES: where the pages may load images and audio from besides this origin and
   * `data:`, as the CSP sources the server sends (`https:`, `https://*.cdn.example.com`). Absent
   * when there are none (and from older servers): a view then shows no remote artwork.
   */
  mediaSources: z.array(z.string()).optional(),
  /**
   * true on a team server when this request's user is signed in (issue 35): only then does the
   * page ask `GET /me` who they are, so a single-user server is never sent a request it answers 404.
   */
  signedIn: z.boolean().optional(),
  lookups: z.record(
    z.string(),
    z.object({
      mode: lookupModeSchema,
      key: keyPlacementSchema,
      /** LOOKUP_<L>_BUDGET and LOOKUP_<L>_USER_BUDGET as they stand now (`user`: the signed-in user's own); absent without a budget. */
      budget: z
        .object({
          lookup: budgetStateSchema.optional(),
          user: budgetStateSchema.optional(),
        })
        .optional(),
    }),
  ),
});
export type LookupConfigDocument = z.output<typeof lookupConfigSchema>;
