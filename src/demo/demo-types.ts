// The contract between the proxy and the demo upstream: one generator per lookup, answering a
// request the proxy has already matched and parsed, as the provider would.
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';

export interface DemoRequest {
  lookup: LookupDefinition;
  operation: Operation;
  /**
   * Path, query and body parameters together, parsed by the operation's own schema (lists are
   * arrays, numbers are numbers, booleans are booleans). Absent parameters are undefined.
   */
  params: Params;
  /** A fresh id per request (S's `requestId`); everything else must depend on `params` only. */
  requestId: string;
}

export interface DemoResponse {
  status: number;
  /** A JSON-serialisable body, or the text itself when `contentType` is not JSON (B's XML). */
  body: unknown;
  /** Defaults to `application/json; charset=utf-8`. */
  contentType?: string;
  headers?: Record<string, string>;
}

/** Deterministic: the same request gives the same bytes (apart from S's requestId). */
export type DemoGenerator = (request: DemoRequest) => DemoResponse;

export function json(body: unknown, status = 200): DemoResponse {
  return { status, body };
}
