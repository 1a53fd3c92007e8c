// Shared by K and Q (one aviation-data provider): a lookup that matches nothing, or fails, answers
// HTTP 200 with {success:false, error} instead of the array, error being a text or an object.
import type { SuccessVerdict } from './define-lookup.ts';
import { isRecord } from './adapters.ts';

/** The provider's answer when no record matches. */
export const NO_RECORD_FOUND = { success: false, error: { code: 'no_record_found', text: 'No Record Found' } } as const;

function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (!isRecord(error)) return undefined;
  const text = error.text ?? error.info ?? error.message;
  return text === undefined ? undefined : String(text);
}

/** An array is a success; an object with success:false or an error is a failure. */
export function aviationSuccess(body: unknown): SuccessVerdict {
  if (Array.isArray(body)) return { ok: true };
  if (isRecord(body) && body.success !== false && body.error === undefined) return { ok: true };
  const message = isRecord(body) ? errorText(body.error) : undefined;
  return { ok: false, message: message ?? 'The provider reported a failure' };
}
