// Removes a key from whatever goes back to the browser or into a log. An upstream may echo the
// request URL (raw, percent-encoded in either case, form-encoded) or a header, JSON-escape it or
// base64 it (a debug field, a token), so every one of those forms is replaced; base64 at any of
// the three alignments, standard or URL alphabet (the part of it that does not depend on the
// neighbouring bytes). Not promised: a key transformed any other way (hashed, reversed, split by
// the provider's own markup), or the base64 form of a key shorter than about 8 characters.
//
// A scrubber is built once per set of keys at start-up; bodies go through `stream()`, which
// holds back at most (longest form - 1) bytes at the end of each chunk (only those that could
// begin a form), so a key split across chunk boundaries is still caught.
import { API_KEY_PLACEHOLDER } from '../lookups/wire.ts';

export const KEY_PLACEHOLDER = API_KEY_PLACEHOLDER;

/** Shortest base64 core worth matching: shorter ones could occur by chance. */
const MIN_BASE64_CORE = 8;

/**
 * The part of base64 (and base64url) text that is the same wherever the key sits in the encoded
 * bytes: for each of the three alignments, the encoding without its first and last groups, which
 * mix in the neighbouring bytes.
 */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    const start = offset === 0 ? 0 : 4;
    const end = (offset + bytes.length) % 3 === 0 ? encoded.length : Math.floor((offset + bytes.length) / 3) * 4;
    const core = encoded.slice(start, end);
    if (core.length >= MIN_BASE64_CORE) cores.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return cores;
}

function keyForms(key: string): string[] {
  const encoded = encodeURIComponent(key);
  const json = JSON.stringify(key).slice(1, -1);
  return [
    key,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    new URLSearchParams({ k: key }).toString().slice(2),
    json,
    json.replaceAll('/', '\\/'),
    ...base64Cores(key),
  ];
}

/** Scrubs one body as it streams: `push` each chunk in order, then `end`. */
export interface StreamScrubber {
  /** The scrubbed bytes that are safe to send now (possibly empty). */
  push(chunk: Buffer): Buffer;
  /** The held-back tail, scrubbed. */
  end(): Buffer;
}

export interface KeyScrubber {
  /** True when there is no key to scrub (a demo lookup): every method returns its input. */
  readonly empty: boolean;
  text(value: string): string;
  bytes(value: Buffer): Buffer;
  stream(): StreamScrubber;
  /** Whether a header name holds a key (names are compared lower-cased). */
  inHeaderName(name: string): boolean;
}

const EMPTY = Buffer.alloc(0);
/** The stream scrubber of no key: it keeps no state, so every body shares it. */
const PASS_THROUGH: StreamScrubber = { push: (chunk) => chunk, end: () => EMPTY };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A scrubber for the given keys (none: it changes nothing). Works on bytes so bodies stay byte-exact. */
export function keyScrubber(keys: readonly string[]): KeyScrubber {
  // Longest first, so a longer encoded form is not half-replaced through a shorter one.
  const forms = [...new Set(keys.filter(Boolean).flatMap(keyForms))].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  const needles = forms.map((form) => Buffer.from(form));
  const lowerForms = [...new Set(forms.map((form) => form.toLowerCase()))];
  const pattern = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'g') : undefined;
  const replacement = Buffer.from(KEY_PLACEHOLDER);
  const hold = Math.max(0, ...needles.map((needle) => needle.length)) - 1;

  const firstBytes = new Set(needles.map((needle) => needle[0]!));

  /**
   * Replaces every form in `buffer` left to right (at one position, the longest form wins).
   * Bytes from `limit` on (or from the end of a match that crosses it) are not decided yet: they
   * come back as `rest`.
   */
  function scan(buffer: Buffer, limit: number): { done: Buffer; rest: Buffer | undefined } {
    let parts: Buffer[] | undefined;
    let from = 0;
    for (;;) {
      let at = -1;
      let found: Buffer | undefined;
      for (const needle of needles) {
        const index = buffer.indexOf(needle, from);
        if (index !== -1 && (at === -1 || index < at)) {
          at = index;
          found = needle;
        }
      }
      if (!found || at >= limit) break;
      parts ??= [];
      if (at > from) parts.push(buffer.subarray(from, at));
      parts.push(replacement);
      from = at + found.length;
    }
    const cut = Math.max(from, limit);
    // The common case, no key at all: the buffer itself (or one view of it), nothing copied.
    if (!parts) return { done: cut >= buffer.length ? buffer : buffer.subarray(0, cut), rest: cut >= buffer.length ? undefined : buffer.subarray(cut) };
    if (cut > from) parts.push(buffer.subarray(from, cut));
    return { done: Buffer.concat(parts), rest: cut >= buffer.length ? undefined : buffer.subarray(cut) };
  }

  /**
   * Where the bytes that could begin a form cut off by the buffer's end start (buffer.length when
   * none can). Every form starting before that lies wholly inside the buffer, and so does the
   * longest form at any such position, so scanning up to there decides exactly what the whole
   * stream would.
   */
  function heldFrom(buffer: Buffer): number {
    for (let at = Math.max(0, buffer.length - hold); at < buffer.length; at++) {
      if (!firstBytes.has(buffer[at]!)) continue;
      const partial = buffer.subarray(at);
      if (needles.some((needle) => needle.length > partial.length && needle.subarray(0, partial.length).equals(partial))) return at;
    }
    return buffer.length;
  }

  if (!pattern) {
    return {
      empty: true,
      text: (value) => value,
      bytes: (value) => value,
      stream: () => PASS_THROUGH,
      inHeaderName: () => false,
    };
  }
  return {
    empty: false,
    text: (value) => {
      pattern.lastIndex = 0;
      return pattern.test(value) ? value.replace(pattern, KEY_PLACEHOLDER) : value;
    },
    bytes: (value) => scan(value, value.length).done,
    stream: () => {
      let tail: Buffer | undefined;
      return {
        push(chunk) {
          const buffer = tail ? Buffer.concat([tail, chunk]) : chunk;
          // Only bytes that could begin a form cut off by the chunk's end wait for the next chunk.
          const { done, rest } = scan(buffer, heldFrom(buffer));
          // Copied: the held bytes may be a view of a chunk the stream reuses.
          tail = rest ? Buffer.from(rest) : undefined;
          return done;
        },
        end() {
          if (!tail) return EMPTY;
          const { done } = scan(tail, tail.length);
          tail = undefined;
          return done;
        },
      };
    },
    inHeaderName: (name) => {
      const lower = name.toLowerCase();
      return lowerForms.some((form) => lower.includes(form));
    },
  };
}
