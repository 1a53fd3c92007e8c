// Masking records as text (decision 035): the fast way to what `JSON.stringify(mask(JSON.parse(r)))`
// gives for each record of a streamed answer (masking.ts's recordMasking). Parsing and serialising
// every record cost about 4 of the 5 s a 63 MB answer took to mask; most of a record is copied as it
// is, so this walks the text once, follows the personal-data paths key by key, and rewrites only
// the values they reach (each parsed, masked and serialised alone).
//
// It gives the same bytes only where the text is what JSON.stringify would have written: no
// whitespace between tokens (dropped here, as re-serialising drops it), strings and numbers written
// the canonical way, no repeated key, no key that JSON.parse would move (an array index) or treat
// apart (`__proto__`). Anything else, and any text that is not JSON, gives `undefined`: the caller
// then parses and serialises, which gives its bytes or its SyntaxError. Paths with conditions or a
// person's name are not followed here (they need the record parsed).
//
// The walk notes its rewrites and the result is written straight to UTF-8 (decision 048): a masked
// value is often not Latin-1 ("•••"), and joining it into the text made the whole batch a two-byte
// string, twice the memory and a slow encoding (a third of the thread's time on a 63 MB answer).

import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COMMA, isSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-splitter.ts';

/** A personal-data path inside a record, as masking.ts parses it: what the walk follows. */
export interface RecordTextPath {
  kind: string;
  segments: readonly { matches: (key: string) => boolean }[];
}

/** Masks one value reached by a path of `kind` (masking.ts's Masker). */
export type MaskValue = (value: unknown, kind: string) => unknown;

/** The text is not as JSON.stringify writes it (or not JSON): the caller parses instead. */
const NOT_CANONICAL = Symbol('not canonical');

const COLON = 0x3a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
// Control characters are what the regular expression looks for: JSON allows none inside a string.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isNumberChar = (code: number) =>
  (code >= DIGIT_0 && code <= DIGIT_9) || code === 0x2d || code === 0x2b || code === 0x2e || code === 0x65 || code === 0x45;

/** Where the paths stand at a value: flat pairs of path index and segments matched so far. */
type Live = readonly number[] | undefined;

/** Grown as batches need it, so a thread encodes into the same memory each time (up to this size). */
const SCRATCH_KEPT_BYTES = 4 * 1024 * 1024;
let scratch = new Uint8Array(0);
const encoder = new TextEncoder();

class RecordsTextWalk {
  private at = 0;
  /** The rewrites so far: text [cuts[2i], cuts[2i + 1]) becomes replacements[i]. */
  private readonly cuts: number[] = [];
  private readonly replacements: string[] = [];
  private replacementChars = 0;
  /** The next backslash at or after `at` (-1 when none): a string without one needs no decoding. */
  private nextBackslash: number;
  /** Whether the text has control characters (whitespace or worse) to look for in strings. */
  private readonly controls: boolean;
  /** Inside a value that is rewritten: it is parsed again, so only its grammar matters. */
  private lenient = false;

  constructor(
    private readonly text: string,
    private readonly paths: readonly RecordTextPath[],
    private readonly mask: MaskValue,
  ) {
    this.nextBackslash = text.indexOf('\\');
    this.controls = CONTROL.test(text);
  }

  /** Walks the records (comma-separated, no brackets), noting what masking rewrites. */
  walk(): this {
    const { text } = this;
    const root: number[] = [];
    for (let p = 0; p < this.paths.length; p++) root.push(p, 0);
    this.space();
    while (this.at < text.length) {
      this.value(root);
      this.space();
      if (this.at >= text.length) break;
      this.expect(COMMA);
      this.space();
      if (this.at >= text.length) throw NOT_CANONICAL;
    }
    return this;
  }

  /** The masked records as UTF-8: the text as it is between the rewrites, each encoded in place. */
  utf8(): Uint8Array {
    const { text, cuts, replacements } = this;
    // A UTF-16 unit takes at most 3 bytes in UTF-8 (a surrogate pair's two take 4).
    const most = 3 * (text.length + this.replacementChars);
    const into = most <= scratch.length ? scratch : new Uint8Array(most);
    if (most > scratch.length && most <= SCRATCH_KEPT_BYTES) scratch = into;
    let written = 0;
    let from = 0;
    for (let i = 0; i < replacements.length; i++) {
      written += encoder.encodeInto(text.slice(from, cuts[2 * i]), into.subarray(written)).written;
      written += encoder.encodeInto(replacements[i]!, into.subarray(written)).written;
      from = cuts[2 * i + 1]!;
    }
    written += encoder.encodeInto(from === 0 ? text : text.slice(from), into.subarray(written)).written;
    return into.slice(0, written);
  }

  /** Replaces text [from, to) by `replacement` in the output. */
  private rewrite(from: number, to: number, replacement: string): void {
    this.cuts.push(from, to);
    this.replacements.push(replacement);
    this.replacementChars += replacement.length;
  }

  private space(): void {
    const { text } = this;
    const from = this.at;
    while (this.at < text.length && isSpace(text.charCodeAt(this.at))) this.at++;
    if (this.at > from && !this.lenient) this.rewrite(from, this.at, '');
  }

  private expect(code: number): void {
    if (this.text.charCodeAt(this.at) !== code) throw NOT_CANONICAL;
    this.at++;
  }

  /** One value at `at`, with the paths standing at it. */
  private value(live: Live): void {
    let ends: string | undefined;
    let next: number[] | undefined;
    if (live) {
      for (let i = 0; i < live.length; i += 2) {
        const path = this.paths[live[i]!]!;
        if (live[i + 1] === path.segments.length) {
          if (ends !== undefined) throw NOT_CANONICAL;
          ends = path.kind;
        } else (next ??= []).push(live[i]!, live[i + 1]!);
      }
    }
    if (ends === undefined) return this.plain(next);
    // Two paths meeting at a value are applied one after the other by the whole-body masking.
    if (next || this.lenient) throw NOT_CANONICAL;
    const from = this.at;
    // Lenient text makes no rewrites (whitespace in it is parsed away with the value).
    this.lenient = true;
    this.plain(undefined);
    this.lenient = false;
    const raw = this.text.slice(from, this.at);
    const parsed: unknown = raw.charCodeAt(0) === QUOTE && raw.indexOf('\\') < 0 && !CONTROL.test(raw) ? raw.slice(1, -1) : JSON.parse(raw);
    this.rewrite(from, this.at, JSON.stringify(this.mask(parsed, ends)));
  }

  private plain(live: Live): void {
    const { text } = this;
    const code = text.charCodeAt(this.at);
    if (code === QUOTE) this.string();
    else if (code === OPEN_OBJECT) this.object(live);
    else if (code === OPEN_ARRAY) this.array(live);
    else if (text.startsWith('true', this.at)) this.at += 4;
    else if (text.startsWith('false', this.at)) this.at += 5;
    else if (text.startsWith('null', this.at)) this.at += 4;
    else this.number();
  }

  private number(): void {
    const { text } = this;
    const from = this.at;
    while (this.at < text.length && isNumberChar(text.charCodeAt(this.at))) this.at++;
    const raw = text.slice(from, this.at);
    // Canonical numbers are what String gives; anything else (1.0, 1E3, -0, not a number) is parsed instead.
    if (raw === '' || (!this.lenient && String(Number(raw)) !== raw)) throw NOT_CANONICAL;
  }

  /** The string at `at`: its decoded text (a key needs it). */
  private string(): string {
    const { text } = this;
    const from = this.at;
    let end = text.indexOf('"', from + 1);
    if (end < 0) throw NOT_CANONICAL;
    if (this.nextBackslash >= 0 && this.nextBackslash < end) {
      // Escapes: find the real end, let JSON.parse read it, and keep it only if it is written as JSON.stringify writes it.
      let scan = from + 1;
      for (;;) {
        let backslashes = 0;
        for (let k = end - 1; k >= scan && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
        if (backslashes % 2 === 0) break;
        scan = end + 1;
        end = text.indexOf('"', scan);
        if (end < 0) throw NOT_CANONICAL;
      }
      this.at = end + 1;
      this.nextBackslash = text.indexOf('\\', this.at);
      const raw = text.slice(from, this.at);
      const decoded = JSON.parse(raw) as string;
      if (!this.lenient && JSON.stringify(decoded) !== raw) throw NOT_CANONICAL;
      return decoded;
    }
    this.at = end + 1;
    const decoded = text.slice(from + 1, end);
    if (this.controls && CONTROL.test(decoded)) throw NOT_CANONICAL;
    return decoded;
  }

  private object(live: Live): void {
    const { text } = this;
    this.at++;
    this.space();
    if (text.charCodeAt(this.at) === CLOSE_OBJECT) {
      this.at++;
      return;
    }
    const keys: string[] = [];
    for (;;) {
      if (text.charCodeAt(this.at) !== QUOTE) throw NOT_CANONICAL;
      const key = this.string();
      if (!this.lenient) {
        // JSON.parse puts index keys first and keeps a repeated key's last value: not what the text says.
        const first = key.charCodeAt(0);
        if ((first >= DIGIT_0 && first <= DIGIT_9) || key === '__proto__' || keys.includes(key)) throw NOT_CANONICAL;
        keys.push(key);
      }
      this.space();
      this.expect(COLON);
      this.space();
      this.value(live && this.follow(live, key));
      this.space();
      const code = text.charCodeAt(this.at);
      this.at++;
      if (code === CLOSE_OBJECT) return;
      if (code !== COMMA) throw NOT_CANONICAL;
      this.space();
    }
  }

  private array(live: Live): void {
    const { text } = this;
    this.at++;
    this.space();
    if (text.charCodeAt(this.at) === CLOSE_ARRAY) {
      this.at++;
      return;
    }
    for (let index = 0; ; index++) {
      this.value(live && this.follow(live, String(index)));
      this.space();
      const code = text.charCodeAt(this.at);
      this.at++;
      if (code === CLOSE_ARRAY) return;
      if (code !== COMMA) throw NOT_CANONICAL;
      this.space();
    }
  }

  /** The paths that go on into the value at `key`. */
  private follow(live: readonly number[], key: string): Live {
    let next: number[] | undefined;
    for (let i = 0; i < live.length; i += 2) {
      const segment = this.paths[live[i]!]!.segments[live[i + 1]!];
      if (segment?.matches(key)) (next ??= []).push(live[i]!, live[i + 1]! + 1);
    }
    return next;
  }
}

/**
 * Masks records given as text (comma-separated, no brackets) by `paths`, each reached value by
 * `mask`: the records masked and serialised, comma-separated, as UTF-8, or undefined when the text
 * is not written as JSON.stringify writes it (the caller parses and serialises instead).
 */
export function maskRecordsAsText(text: string, paths: readonly RecordTextPath[], mask: MaskValue): Uint8Array | undefined {
  // JSON.stringify escapes a lone surrogate (text decoded from UTF-8 never has one).
  if (SURROGATE.test(text) && LONE_SURROGATE.test(text)) return undefined;
  let walked: RecordsTextWalk;
  try {
    walked = new RecordsTextWalk(text, paths, mask).walk();
  } catch (error) {
    if (error === NOT_CANONICAL || error instanceof SyntaxError || error instanceof RangeError) return undefined;
    throw error;
  }
  return walked.utf8();
}
