// Reads a record's identity as its operation declares it (define-lookup's RecordIdentity): the one
// reading that compare and the registry's tests share.
import type { AnyOperation, RecordIdentity } from './define-lookup.ts';
import { readPath } from './adapters.ts';

function keyPart(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A composite part may be a small array (E's coordinates); JSON keeps it exact.
  if (Array.isArray(value)) return JSON.stringify(value);
  return undefined;
}

/** A record's identity as text; undefined when the record has none (no field, null, an object). */
export function readIdentity(identity: RecordIdentity, record: unknown): string | undefined {
  if (typeof identity === 'function') {
    const key = identity(record);
    return key === '' ? undefined : key;
  }
  if (typeof identity === 'string') return keyPart(readPath(record, identity));
  const parts = identity.map((path) => keyPart(readPath(record, path)));
  // Parts are joined with a separator no key part holds unescaped: JSON of the list.
  return parts.every((part) => part === undefined) ? undefined : JSON.stringify(parts.map((part) => part ?? null));
}

/** How an operation's identity reads in a sentence: its field path, the paths joined with "+", or "a composite key". */
export function describeIdentity(operation: AnyOperation): string | undefined {
  const { identity } = operation;
  if (identity === undefined) return undefined;
  if (typeof identity === 'string') return identity;
  return typeof identity === 'function' ? 'a composite key' : identity.join(' + ');
}
