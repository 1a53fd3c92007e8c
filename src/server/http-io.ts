// Small node:http helpers shared by the proxy and the servers: JSON answers, the error envelope
// every refusal and failure uses (its type is the wire module's schema), and reading a request
// body under a cap.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorEnvelope, WireError } from '../lookups/wire.ts';
import { BASELINE_SECURITY_HEADERS } from './security-headers.ts';

/**
 * Sent with every answer of the proxy, whoever wrote its body: the browser must never sniff it
 * into HTML, and if it is opened as a page it runs nothing and loads nothing (issue 11). With
 * the baseline headers every answer of the server carries, so that the production server has
 * nothing to add to a proxy answer (secured-response.ts).
 */
export const PROXY_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...BASELINE_SECURITY_HEADERS,
  'content-security-policy': "default-src 'none'; sandbox",
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/**
 * Answers with the error envelope. `origin` says who failed: `proxy` for this server's own
 * refusals, `upstream` for a live provider it could not get an answer from, `demo` for the demo.
 */
export function sendError(res: ServerResponse, status: number, error: WireError, headers?: Record<string, string>): void {
  const { code, message, origin, fields, cause } = error;
  const body: ErrorEnvelope = { error: { code, message, origin, ...(fields && { fields }), ...(cause !== undefined && { cause }) } };
  sendJson(res, status, body, headers);
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads the whole request body, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Splits a raw request target into its still-encoded path and query (no URL normalisation). */
export function splitTarget(target: string): { path: string; query: string } {
  const mark = target.indexOf('?');
  return mark === -1 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark + 1) };
}
