// Reading a provider's error wording: the helpers each definition's `errorMessage` adapter states
// its convention with, and the generic reading used only for bodies of no known shape.
import { isRecord, readPath } from './adapters.ts';

/** The non-blank text at a dot path (`status.msg`, `error.info`), or undefined. */
export function textAt(body: unknown, path: string): string | undefined {
  const value = readPath(body, path);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The first non-blank text found at `paths`, in order. */
export function firstTextAt(body: unknown, paths: readonly string[]): string | undefined {
  for (const path of paths) {
    const text = textAt(body, path);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * Words in an error body of unknown shape (an HTML gateway's JSON, a framework's default error):
 * the names error bodies commonly use, with no lookup's convention in it.
 */
export function genericErrorText(body: unknown): string | undefined {
  const text = firstTextAt(body, ['message', 'error.message', 'error_description', 'detail', 'error']);
  if (text !== undefined) return text;
  const first = readPath(body, 'errors.0');
  if (typeof first === 'string' && first.trim() !== '') return first;
  return isRecord(first) ? textAt(first, 'message') : undefined;
}
