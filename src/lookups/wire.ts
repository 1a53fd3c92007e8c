// The wire protocol between the browser and this server's proxy, written once for both sides:
// where the proxy answers, the headers it adds, the error envelope of everything it refuses or
// reports, and where each lookup's key travels (the placement, never the key).
import { z } from 'zod';

/** Path prefix the proxy answers under: `/proxy/<slug><upstream path>`. */
export const PROXY_PREFIX = '/proxy';

/** Headers the proxy adds to every answer it gives. */
export const WIRE_HEADERS = {
  /** `live` or `demo`: who answered. */
  source: 'x-lookup-source',
  /** Milliseconds the upstream (or the demo) took, as text. */
  upstreamMs: 'x-lookup-upstream-ms',
} as const;

/** Who produced an error envelope: the proxy itself, the live provider's failure, or the demo. */
export const ERROR_ORIGINS = ['proxy', 'upstream', 'demo'] as const;
export type ErrorOrigin = (typeof ERROR_ORIGINS)[number];

/** Every error the proxy answers itself: `{error: {code, message, origin, fields?}}`. */
export const errorEnvelopeSchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    origin: z.enum(ERROR_ORIGINS),
    /** Per-parameter messages, keyed by the spec's parameter name. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;

/** The envelope when `body` is one; undefined for anything else (a provider's own error body). */
export function readErrorEnvelope(body: unknown): ErrorEnvelope['error'] | undefined {
  const parsed = errorEnvelopeSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}

/** Where a lookup's key travels upstream: a query parameter or a header, by name. */
export const keyPlacementSchema = z.object({ in: z.enum(['query', 'header']), name: z.string().min(1) });
export type KeyPlacement = z.output<typeof keyPlacementSchema>;
