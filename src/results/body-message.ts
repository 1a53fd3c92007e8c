// Finds the provider's own words in an error or failure body, whatever convention it follows.
import { isRecord, readPath } from '../lookups/adapters.ts';

// The conventions of api-conventions.md: A status_message, H/T message, I error.info, D/G status.msg,
// N status.message, S error.message, E detail, and the proxy's error.message.
const MESSAGE_PATHS = ['error.message', 'error.info', 'status_message', 'message', 'status.msg', 'status.message', 'detail', 'error.type'];

export function bodyMessage(body: unknown): string | undefined {
  for (const path of MESSAGE_PATHS) {
    const value = readPath(body, path);
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  if (isRecord(body) && typeof body.error === 'string' && body.error.trim() !== '') return body.error;
  const first = readPath(body, 'errors.0');
  if (typeof first === 'string') return first;
  if (isRecord(first) && typeof first.message === 'string') return first.message;
  return undefined;
}

/** The proxy's refusal shape `{error: {code, message, fields?}}`, when the body has it. */
export interface ProxyErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export function proxyErrorBody(body: unknown): ProxyErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, fields } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const named = isRecord(fields)
    ? Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : undefined;
  return { code, message, fields: named };
}
