// Removes a key from whatever goes back to the browser or into a log. An upstream may echo the
// request URL (raw, percent-encoded in either case, form-encoded) or a header, JSON-escape it or
// base64 it (a debug field, a token), so every one of those forms is replaced; base64 at any of
// the three alignments, standard or URL alphabet (the part of it that does not depend on the
// neighbouring bytes). The key in upper or lower case is replaced too, and so is a key spelt
// character by character as JSON `\u` escapes or HTML character references (`&#107;`, `&#x6B;`,
// `&lowbar;`), mixed with plain characters in any case: a browser decodes those back to the key.
// Not promised: a key transformed any other way (hashed, reversed, split by the provider's own
// markup), a mixed-case key with no escape in the body, or the base64 form of a key shorter than
// about 8 characters.
//
// A scrubber is built once per set of keys at start-up; bodies go through `stream()`, which
// holds back at most (longest form - 1) bytes at the end of each chunk (only those that could
// begin a form), so a key split across chunk boundaries is still caught. The escaped spellings
// cost one search for their markers (`\u`, `&#`, …) per chunk: only a body holding one is
// scanned for them, with one regular expression over its bytes.
import { API_KEY_PLACEHOLDER } from '../lookups/wire.ts';
import { regexEscaped } from '../lookups/regex-escaped.ts';

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
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
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
    key.toUpperCase(),
    key.toLowerCase(),
    ...base64Cores(key),
  ];
}

/** HTML's named references for the punctuation a key may hold (letters and digits have none). */
const NAMED_REFERENCES: Readonly<Record<string, readonly string[]>> = {
  '&': ['&amp;', '&AMP;'],
  '"': ['&quot;', '&QUOT;'],
  "'": ['&apos;'],
  '<': ['&lt;', '&LT;'],
  '>': ['&gt;', '&GT;'],
  _: ['&lowbar;', '&UnderBar;'],
  '.': ['&period;'],
  '-': ['&hyphen;', '&dash;'],
  '+': ['&plus;'],
  '/': ['&sol;'],
  '=': ['&equals;'],
  ':': ['&colon;'],
  '%': ['&percnt;'],
  '#': ['&num;'],
};

/** Leading zeros a character reference may carry that are still matched (browsers accept any). */
const MAX_ZEROS = 8;

/**
 * One character of a key as a pattern over latin1-decoded bytes: itself (its UTF-8 bytes), a
 * JSON `\uXXXX` escape, a decimal or hexadecimal character reference (the `;` may be left out
 * when no digit follows, as browsers allow), or a named reference. Matched case-insensitively.
 */
function escapedChar(char: string, literal = Buffer.from(char).toString('latin1')): string {
  const code = char.codePointAt(0)!;
  const alternatives = [regexEscaped(literal)];
  if (code <= 0xffff) alternatives.push(`\\\\u${code.toString(16).padStart(4, '0')}`);
  alternatives.push(`&#0{0,${MAX_ZEROS}}${code}(?:;|(?![0-9]))`, `&#x0{0,${MAX_ZEROS}}${code.toString(16)}(?:;|(?![0-9a-f]))`);
  for (const named of NAMED_REFERENCES[char] ?? []) alternatives.push(regexEscaped(named));
  if (char === '/') alternatives.push('\\\\/');
  return `(?:${alternatives.join('|')})`;
}

/** The longest spelling escapedChar matches for one character, in bytes. */
const MAX_ESCAPED_CHAR = Math.max(
  '&#x'.length + MAX_ZEROS + 6 + 1,
  ...Object.values(NAMED_REFERENCES)
    .flat()
    .map((named) => named.length),
);

/** What a body holds when some character of a key may be escaped in it (the named references of the keys' own punctuation). */
function escapeMarkers(keys: readonly string[]): string[] {
  const markers = new Set(['\\u', '&#']);
  for (const char of new Set(keys.join(''))) for (const named of NAMED_REFERENCES[char] ?? []) markers.add(named);
  if (keys.some((key) => key.includes('/'))) markers.add('\\/');
  return [...markers];
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
const PLACEHOLDER_LATIN1 = Buffer.from(KEY_PLACEHOLDER).toString('latin1');

/** A scrubber for the given keys (none: it changes nothing). Works on bytes so bodies stay byte-exact. */
export function keyScrubber(keys: readonly string[]): KeyScrubber {
  const present = keys.filter(Boolean);
  // Longest first, so a longer encoded form is not half-replaced through a shorter one.
  const forms = [...new Set(present.flatMap(keyForms))].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  const needles = forms.map((form) => Buffer.from(form));
  const lowerForms = [...new Set(forms.map((form) => form.toLowerCase()))];
  // Every form, then each key spelt with escapes: over text, and over latin1-decoded bytes (byte-exact).
  const spelt = (literal: (form: string) => string, char: (char: string) => string) =>
    new RegExp([...forms.map((form) => regexEscaped(literal(form))), ...present.map((key) => [...key].map(char).join(''))].join('|'), 'gi');
  const pattern =
    forms.length > 0
      ? spelt(
          (form) => form,
          (char) => escapedChar(char, char),
        )
      : undefined;
  const bytePattern =
    forms.length > 0
      ? spelt(
          (form) => Buffer.from(form).toString('latin1'),
          (char) => escapedChar(char),
        )
      : undefined;
  const markers = escapeMarkers(present).map((marker) => Buffer.from(marker));
  const replacement = Buffer.from(KEY_PLACEHOLDER);
  const hold = Math.max(0, ...needles.map((needle) => needle.length)) - 1;
  // The longest escaped spelling of a key, held back from a chunk's end once escapes are about.
  const escapedHold = Math.max(hold, ...present.map((key) => [...key].length * MAX_ESCAPED_CHAR - 1));

  const firstBytes = new Set(needles.map((needle) => needle[0]!));

  /** Whether some character may be escaped in `buffer` (one search per marker: no decoding). */
  function mayHoldEscapes(buffer: Buffer): boolean {
    for (const marker of markers) if (buffer.indexOf(marker) !== -1) return true;
    return false;
  }

  /** Whether `buffer` ends in the beginning of a marker (the rest may come in the next chunk). */
  function endsInMarker(buffer: Buffer): boolean {
    return markers.some((marker) => {
      for (let length = Math.min(marker.length - 1, buffer.length); length > 0; length--)
        if (buffer.subarray(buffer.length - length).equals(marker.subarray(0, length))) return true;
      return false;
    });
  }

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
    if (!parts)
      return {
        done: cut >= buffer.length ? buffer : buffer.subarray(0, cut),
        rest: cut >= buffer.length ? undefined : buffer.subarray(cut),
      };
    if (cut > from) parts.push(buffer.subarray(from, cut));
    return { done: Buffer.concat(parts), rest: cut >= buffer.length ? undefined : buffer.subarray(cut) };
  }

  /** As scan, for a buffer that may hold escaped spellings: one regular expression over its latin1 text. */
  function scanEscaped(buffer: Buffer, limit: number): { done: Buffer; rest: Buffer | undefined } {
    const text = buffer.toString('latin1');
    const re = bytePattern!;
    re.lastIndex = 0;
    let out = '';
    let from = 0;
    for (let match = re.exec(text); match && match.index < limit; match = re.exec(text)) {
      out += text.slice(from, match.index) + PLACEHOLDER_LATIN1;
      from = match.index + match[0].length;
    }
    const cut = Math.max(from, limit);
    const rest = cut >= buffer.length ? undefined : buffer.subarray(cut);
    if (from === 0) return { done: cut >= buffer.length ? buffer : buffer.subarray(0, cut), rest };
    return { done: Buffer.from(out + text.slice(from, cut), 'latin1'), rest };
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
    bytes: (value) => (mayHoldEscapes(value) ? scanEscaped(value, value.length) : scan(value, value.length)).done,
    stream: () => {
      let tail: Buffer | undefined;
      return {
        push(chunk) {
          const buffer = tail ? Buffer.concat([tail, chunk]) : chunk;
          // Only bytes that could begin a form cut off by the chunk's end wait for the next chunk;
          // once an escape may be about, the longest escaped spelling's worth.
          const { done, rest } =
            mayHoldEscapes(buffer) || endsInMarker(buffer)
              ? scanEscaped(buffer, Math.max(0, buffer.length - escapedHold))
              : scan(buffer, heldFrom(buffer));
          // Copied: the held bytes may be a view of a chunk the stream reuses.
          tail = rest ? Buffer.from(rest) : undefined;
          return done;
        },
        end() {
          if (!tail) return EMPTY;
          const { done } = mayHoldEscapes(tail) ? scanEscaped(tail, tail.length) : scan(tail, tail.length);
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
