// The one way a handler reads a request body: whole, under a size cap, refused with the envelope's
// 413 past it (the request guard has already refused a declared length over the server's cap).
// A client that leaves while sending it makes the read throw ClientAbortError: the failure
// handler logs that as a client abort, not as an internal error.
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { isRecord } from '../../lookups/adapters.ts';
import { refusal, type Refusal } from './refusal.ts';

export type BodyRead<T> = { ok: true; body: T } | Refusal;

/** The client closed the connection before its request body was whole. */
export class ClientAbortError extends Error {
  readonly code = 'ECONNRESET';
  constructor(cause: unknown) {
    super('The client left before its request body was received', { cause });
    this.name = 'ClientAbortError';
  }
}

/** Whether `error` is a client leaving mid-request (ours, or node:http's own `aborted` reset). */
export function isClientAbort(error: unknown): boolean {
  if (error instanceof ClientAbortError) return true;
  return error instanceof Error && (error as Error & { code?: string }).code === 'ECONNRESET' && error.message === 'aborted';
}

/**
 * Hands each piece of the body to `take` as it arrives, and stops at the first refusal `take`
 * returns, or with a 413 `body_too_large` past `limit` bytes, without reading the rest.
 */
export async function eachBodyPiece(
  req: IncomingMessage,
  limit: number,
  take: (piece: Buffer) => Refusal | undefined | Promise<Refusal | undefined>,
): Promise<Refusal | undefined> {
  let size = 0;
  try {
    for await (const piece of req as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > limit) return refusal(413, 'body_too_large', `The request body is larger than ${limit} bytes`);
      const refused = await take(piece);
      if (refused) return refused;
    }
  } catch (error) {
    if (isClientAbort(error) || req.readableAborted || req.socket.destroyed) throw new ClientAbortError(error);
    throw error;
  }
  return undefined;
}

/** Reads the whole request body, or a 413 `body_too_large` refusal past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<BodyRead<Buffer>> {
  const chunks: Buffer[] = [];
  const refused = await eachBodyPiece(req, limit, (piece) => void chunks.push(piece));
  return refused ?? { ok: true, body: Buffer.concat(chunks) };
}

/** Reads a JSON object body (empty counts as `{}`); anything else is a 400 `invalid_body`. */
export async function readJsonObject(req: IncomingMessage, limit: number): Promise<BodyRead<Record<string, unknown>>> {
  const read = await readBody(req, limit);
  if (!read.ok) return read;
  const text = read.body.toString('utf8');
  if (text.trim() === '') return { ok: true, body: {} };
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return { ok: true, body };
  } catch {
    // Answered below, with the same message as a non-object body.
  }
  return refusal(400, 'invalid_body', 'The request body must be a JSON object');
}

/** How a JSON body's refusals name it: its 400 code, its name in words, and its shape as a hint. */
export interface JsonBodyWords {
  code: string;
  /** "job", "watch": "The job is not valid: …". */
  name: string;
  /** What to send, shown when the body is not JSON: "{lookup, operation, rows}". */
  shape: string;
}

const BODY_WORDS: JsonBodyWords = { code: 'invalid_body', name: 'request body', shape: 'a JSON object' };

/** The first few problems in words, each naming its field ("rows.0.zipcode: …"). */
export function issuesInWords(issues: z.ZodError['issues']): { text: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    fields[field] ??= issue.message;
  }
  const text = Object.entries(fields)
    .slice(0, 3)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  return { text, fields };
}

/**
 * Reads a JSON body and checks it with `schema`: the value the schema gives, or a refusal: 413
 * past `limit` bytes (the connection is closed: the rest of the body was not read), 400 when it is
 * not JSON, and 400 naming each field the schema refused (the message, and `fields`).
 */
export async function readJson<Schema extends z.ZodType>(
  req: IncomingMessage,
  schema: Schema,
  limit: number,
  words: JsonBodyWords = BODY_WORDS,
): Promise<BodyRead<z.output<Schema>>> {
  const read = await readBody(req, limit);
  if (!read.ok) return { ...read, headers: { ...read.headers, connection: 'close' } };
  let json: unknown;
  try {
    json = JSON.parse(read.body.toString('utf8'));
  } catch {
    return refusal(400, words.code, `The ${words.name} is sent as JSON: ${words.shape}`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, body: parsed.data };
  const { text, fields } = issuesInWords(parsed.error.issues);
  return refusal(400, words.code, `The ${words.name} is not valid: ${text}`, { fields });
}
