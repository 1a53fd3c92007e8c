// Path templates like `/movie/{movie_id}`: filling them for requests, matching them in the proxy.
// A path parameter must be one safe segment, so a value can never walk to another upstream path.

export const MAX_SEGMENT_LENGTH = 200;

/** Why a path parameter value is not one safe segment; undefined when it is. */
export function unsafeSegmentReason(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_SEGMENT_LENGTH) return `must be at most ${MAX_SEGMENT_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  if (/[/\\]/.test(value)) return 'must not contain a slash';
  if (/%(2f|5c|2e|00)/i.test(value)) return 'must not contain encoded separators';
  if (value === '.' || value === '..') return 'must not be a dot segment';
  if (value.includes('..')) return 'must not contain ".."';
  if (/[?#]/.test(value)) return 'must not contain ? or #';
  return undefined;
}

/** Names of the `{name}` parameters in a template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

export class UnsafePathError extends Error {
  constructor(
    readonly param: string,
    readonly reason: string,
  ) {
    super(`${param} ${reason}`);
    this.name = 'UnsafePathError';
  }
}

/** Fills each `{name}` with its encoded value; an unsafe or missing one is left to `onUnsafe`. */
function fill(
  template: string,
  values: Record<string, unknown>,
  onUnsafe: (name: string, reason: string, placeholder: string) => string,
): string {
  return template.replace(/\{([^}]+)\}/g, (placeholder, name: string) => {
    const raw = values[name];
    const value = raw === undefined || raw === null ? '' : String(raw);
    const reason = unsafeSegmentReason(value);
    return reason ? onUnsafe(name, reason, placeholder) : encodeURIComponent(value);
  });
}

/** Fills a template; throws UnsafePathError for a missing or unsafe value. */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return fill(template, values, (name, reason) => {
    throw new UnsafePathError(name, reason);
  });
}

/**
 * Fills a template without throwing, for previews: a missing or unsafe value leaves its `{name}`
 * in place and makes the path `incomplete`.
 */
export function fillPathDraft(template: string, values: Record<string, unknown>): { path: string; incomplete: boolean } {
  let incomplete = false;
  const path = fill(template, values, (_name, _reason, placeholder) => {
    incomplete = true;
    return placeholder;
  });
  return { path, incomplete };
}

export type PathMatch =
  | { ok: true; params: Record<string, string> }
  | { ok: false; reason: 'no-match' }
  | { ok: false; reason: 'unsafe'; param: string; message: string };

/**
 * Matches a request path (still percent-encoded, as it arrived) against a template.
 * Each `{name}` takes exactly one segment; a decoded segment must still be safe.
 */
export function matchPath(template: string, path: string): PathMatch {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  if (templateParts.length !== pathParts.length) return { ok: false, reason: 'no-match' };
  const params: Record<string, string> = {};
  for (let i = 0; i < templateParts.length; i++) {
    const expected = templateParts[i]!;
    const actual = pathParts[i]!;
    const name = /^\{([^}]+)\}$/.exec(expected)?.[1];
    if (!name) {
      if (expected !== actual) return { ok: false, reason: 'no-match' };
      continue;
    }
    const encodedReason = unsafeSegmentReason(actual);
    if (encodedReason) return { ok: false, reason: 'unsafe', param: name, message: `${name} ${encodedReason}` };
    let decoded: string;
    try {
      decoded = decodeURIComponent(actual);
    } catch {
      return { ok: false, reason: 'unsafe', param: name, message: `${name} is not valid percent-encoding` };
    }
    const reason = unsafeSegmentReason(decoded);
    if (reason) return { ok: false, reason: 'unsafe', param: name, message: `${name} ${reason}` };
    params[name] = decoded;
  }
  return { ok: true, params };
}
