// Removes a key from whatever goes back to the browser or into a log. An upstream may echo the
// request URL (raw, percent-encoded or form-encoded) or a header, so every form is replaced.
import { API_KEY_PLACEHOLDER } from '../lookups/wire.ts';

export const KEY_PLACEHOLDER = API_KEY_PLACEHOLDER;

function keyForms(key: string): string[] {
  const encoded = encodeURIComponent(key);
  const forms = new Set([
    key,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    new URLSearchParams({ k: key }).toString().slice(2),
    JSON.stringify(key).slice(1, -1),
    JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/'),
  ]);
  // Longest first, so a longer encoded form is not half-replaced through a shorter one.
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

export interface KeyScrubber {
  text(value: string): string;
  bytes(value: Buffer): Buffer;
}

function replaceBytes(haystack: Buffer, needle: Buffer, replacement: Buffer): Buffer {
  let at = haystack.indexOf(needle);
  if (at === -1) return haystack;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(haystack.subarray(from, at), replacement);
    from = at + needle.length;
    at = haystack.indexOf(needle, from);
  }
  parts.push(haystack.subarray(from));
  return Buffer.concat(parts);
}

/** A scrubber for the given keys (none: it changes nothing). Works on bytes so bodies stay byte-exact. */
export function keyScrubber(keys: readonly string[]): KeyScrubber {
  const forms = [...new Set(keys.filter(Boolean).flatMap(keyForms))].sort((a, b) => b.length - a.length);
  const needles = forms.map((form) => Buffer.from(form));
  const replacement = Buffer.from(KEY_PLACEHOLDER);
  return {
    text: (value) => forms.reduce((result, form) => result.replaceAll(form, KEY_PLACEHOLDER), value),
    bytes: (value) => needles.reduce((result, needle) => replaceBytes(result, needle, replacement), value),
  };
}
