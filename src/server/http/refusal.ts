// The one shape of a refusal or failure this server answers itself, and the one function that
// sends it: the wire error envelope (`{error: {code, message, origin, fields?, cause?}}`, typed by
// src/lookups/wire.ts) with the refusal's status and headers. Route checks, the request guard, the
// access gate and the team layer all return or send this.
import type { ServerResponse } from 'node:http';
import type { ErrorEnvelope, WireError } from '../../lookups/wire.ts';
import { sendJson } from './send-json.ts';

export interface Refusal {
  /** Lets a refusal stand in a result union (`{ok: true, …} | Refusal`). */
  ok: false;
  status: number;
  code: string;
  message: string;
  /** Who refused: `proxy` (this server, the default), `upstream` or `demo`. */
  origin?: WireError['origin'];
  /** Per-parameter messages, keyed by the spec's parameter name. */
  fields?: Record<string, string>;
  /** The raw reason behind an upstream failure. */
  cause?: string;
  /** More facts for the envelope (a budget's `resetsAt`, say). */
  details?: Record<string, unknown>;
  /** Headers that belong to this refusal (`allow`, `retry-after`, `www-authenticate`…). */
  headers?: Record<string, string>;
}

type RefusalExtras = Omit<Refusal, 'ok' | 'status' | 'code' | 'message'>;

export function refusal(status: number, code: string, message: string, extras?: RefusalExtras): Refusal {
  return { ok: false, status, code, message, ...extras };
}

/**
 * Answers with the error envelope. `headers` are the answer's own (security headers, `connection:
 * close`) and win over the refusal's.
 */
export function sendRefusal(res: ServerResponse, refused: Refusal, headers?: Record<string, string>): void {
  const { status, code, message, origin = 'proxy', fields, cause, details } = refused;
  const error: WireError = { ...details, code, message, origin, ...(fields && { fields }), ...(cause !== undefined && { cause }) };
  sendJson(res, status, { error } satisfies ErrorEnvelope, refused.headers || headers ? { ...refused.headers, ...headers } : undefined);
}
