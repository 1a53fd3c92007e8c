// A user's name as a proxy's header or a token's claim gives it: trimmed, at most 256 characters,
// no control characters (it goes into audit lines and store keys). Anything else names nobody.
const MAX_USER_LENGTH = 256;

export function userName(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  // eslint-disable-next-line no-control-regex
  return text && text.length <= MAX_USER_LENGTH && !/[\u0000-\u001f\u007f]/.test(text) ? text : undefined;
}
