// Small node:http helpers shared by the proxy and the servers: JSON answers, the error envelope
// every refusal uses, and reading a request body under a cap.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): void {
  const body: ErrorBody = { error: { code, message, ...(extra.fields && { fields: extra.fields }) } };
  sendJson(res, status, body, extra.headers);
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
