// matchPath (lookups/path-template.ts) with the template split once, at start-up, instead of on
// every request: the proxy's route check asks it of each operation of a lookup, per request.
// It accepts exactly what matchPath accepts, with the same parameters (the test compares them);
// a path matchPath refuses as unsafe is simply not a match here, and the router then asks
// matchPath itself for the refusal's words.
import { unsafeSegmentReason } from '../lookups/path-template.ts';

/** A template's segments: literal text, or the name of the `{name}` parameter that takes that segment. */
export interface CompiledPath {
  literals: readonly (string | undefined)[];
  names: readonly (string | undefined)[];
}

export function compilePath(template: string): CompiledPath {
  const parts = template.split('/');
  const names = parts.map((part) => /^\{([^}]+)\}$/.exec(part)?.[1]);
  return { literals: parts.map((part, i) => (names[i] === undefined ? part : undefined)), names };
}

/** The decoded path parameters when `path` (still percent-encoded) matches with every parameter one safe segment; else undefined. */
export function matchCompiledPath(compiled: CompiledPath, path: string): Record<string, string> | undefined {
  const { literals, names } = compiled;
  const parts = path.split('/');
  if (parts.length !== literals.length) return undefined;
  // Literals first: most templates that do not match differ in one, before any decoding.
  for (let i = 0; i < parts.length; i++) if (names[i] === undefined && literals[i] !== parts[i]) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const name = names[i];
    if (name === undefined) continue;
    const actual = parts[i]!;
    if (unsafeSegmentReason(actual) !== undefined) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(actual);
    } catch {
      return undefined;
    }
    if (unsafeSegmentReason(decoded) !== undefined) return undefined;
    params[name] = decoded;
  }
  return params;
}
