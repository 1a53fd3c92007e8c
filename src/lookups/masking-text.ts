// Masking records as text (decisions 035 and 049): the fast way to what
// `JSON.stringify(mask(JSON.parse(r)))` gives for each record of a streamed answer (masking.ts's
// recordMasking). Parsing and serialising every record cost about 4 of the 5 s a 63 MB answer took
// to mask; most of a record is copied as it is, so this walks the text once, follows the
// personal-data paths key by key, and rewrites only the values they reach (each parsed, masked and
// serialised alone). The records array comes in pieces (RecordsTextStream): each record is walked
// as soon as a piece completes it, with no scan before to find where records end (decision 049).
//
// The walk takes a record only where its text is what JSON.stringify would have written: no
// whitespace between tokens (dropped here, as re-serialising drops it), strings and numbers written
// the canonical way, no repeated key, no key that JSON.parse would move (an array index) or treat
// apart (`__proto__`). Any other record is parsed, masked and serialised (its bytes, or its
// SyntaxError when it is not JSON); so is every record when the paths have conditions or a
// person's name (they need the record parsed).
//
// Most records of an answer share their keys and order: the walk remembers the last object's keys
// at each place (its shape), and a quick walk takes a record whose objects have those keys, with
// no escape in its piece and no whitespace from the record on, checking nothing twice (a key is
// known canonical, its paths known). Anything else, the full walk takes, and it learns the new
// shape. A shape that keeps coming gets a flat pattern (decision 051): one regular expression for
// a record of its keys whose values are all strings, numbers and literals written as
// JSON.stringify writes them, which V8 runs as machine code; it takes such a record in one call and
// captures the values the paths end at.
//
// The walk notes its rewrites and the result is written straight to UTF-8 (decision 048): a masked
// value is often not Latin-1 ("•••"), and joining it into the text made the whole piece a two-byte
// string, twice the memory and a slow encoding; the text between such values is encoded part by
// part (an ASCII replacement, such as a rounded coordinate, joins the text around it).

import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COMMA, isSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-splitter.ts';
import { regexEscaped } from './regex-escaped.ts';

/** A personal-data path inside a record, as masking.ts parses it: what the walk follows. */
export interface RecordTextPath {
  kind: string;
  segments: readonly { matches: (key: string) => boolean }[];
}

/** Masks one value reached by a path of `kind` (masking.ts's Masker). */
export type MaskValue = (value: unknown, kind: string) => unknown;

/** The text is not as JSON.stringify writes it (or not JSON): the record is parsed instead. */
const NOT_CANONICAL = Symbol('not canonical');
/** Two paths meet at a value (endingKind). */
const PATHS_MEET = Symbol('paths meet');

const COLON = 0x3a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
// Control characters, searched for from a place (lastIndex): JSON allows none inside a string.
// eslint-disable-next-line no-control-regex
const CONTROL_FROM = /[\u0000-\u001f]/g;
const WIDE = /[\u0100-\uffff]/;
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A number as JSON writes it: Number reads it to the same value JSON.parse does. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The length of `true`, `false` or `null` at `at`, else 0. */
function literalAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  const word = code === 0x74 ? 'true' : code === 0x66 ? 'false' : code === 0x6e ? 'null' : undefined;
  return word !== undefined && text.startsWith(word, at) ? word.length : 0;
}

/** Whether text [from, to) is a number written as String writes it (an integer of up to 15 digits is, at a glance). */
function isCanonicalNumber(text: string, from: number, to: number): boolean {
  const digitsFrom = text.charCodeAt(from) === 0x2d ? from + 1 : from;
  const first = text.charCodeAt(digitsFrom);
  if (to - digitsFrom <= 15 && first > DIGIT_0 && first <= DIGIT_9) {
    let at = digitsFrom + 1;
    while (at < to && text.charCodeAt(at) >= DIGIT_0 && text.charCodeAt(at) <= DIGIT_9) at++;
    if (at === to) return true;
  }
  const raw = text.slice(from, to);
  return String(Number(raw)) === raw;
}

const isNumberChar = (code: number) =>
  (code >= DIGIT_0 && code <= DIGIT_9) || code === 0x2d || code === 0x2b || code === 0x2e || code === 0x65 || code === 0x45;

/** Where the characters a number may have, from `at`, end (its grammar is checked apart). */
function numberEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
  return end;
}

/** Where the paths stand at a value: flat pairs of path index and segments matched so far. */
type Live = readonly number[] | undefined;

/**
 * What the walk learnt of the last object met at a place in a record: its keys (checked: canonical,
 * none repeated, none written with an escape), the paths each leads to, and the shapes of their
 * values; for an array, its elements' shape.
 */
interface Shape {
  /** The paths standing at the object the keys were learnt from: another object here with other paths (an array's element at another index) learns its own. */
  live: Live;
  keys: readonly string[];
  next: Live[];
  children: (Shape | undefined)[];
  element: Shape | undefined;
  /** Records walked with these keys since they were learnt: a shape that comes again is worth a pattern. */
  walks: number;
  /** A record of these keys with only strings, numbers and literals as values, as one pattern (undefined: not made yet). */
  flat: FlatPattern | null | undefined;
}

/**
 * A flat record (decision 051) as one sticky regular expression, which V8 compiles to machine
 * code: its keys in their order, each value a string without escapes, a number written as String
 * writes it, or a literal; the values a path ends at captured, each after the text before it.
 */
interface FlatPattern {
  regex: RegExp;
  /** Per captured value, the kind of the path that ends at it. */
  kinds: string[];
}

/** Records of a shape walked before it gets a flat pattern (a pattern costs more to make than a walk). */
const WALKS_BEFORE_PATTERN = 4;
const FLAT_STRING = String.raw`"[^"\\\u0000-\u001f]*"`;
// At most 15 digits (every decimal of up to 15 digits reads back as itself), no trailing zero in
// the fraction, not -0, and not under 1e-6 (String writes those with an exponent): as String writes it.
const FLAT_NUMBER = String.raw`(?!-?0\.0{6})(?!-0[,}])(?=-?\d(?:\.?\d){0,14}[,}])-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?`;
const FLAT_VALUE = `(?:${FLAT_STRING}|${FLAT_NUMBER}|true|false|null)`;
/** A value a path ends at: masked, so only its grammar matters. */
const FLAT_MASKED = String.raw`(${FLAT_STRING}|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)`;

const NO_KEYS: readonly string[] = [];
/** Masked values a walk remembers per kind before it starts afresh. */
const MASKED_KEPT = 10_000;
const newShape = (): Shape => ({ live: undefined, keys: NO_KEYS, next: [], children: [], element: undefined, walks: 0, flat: undefined });

/** Whether two places have the same paths standing at them. */
function sameLive(a: Live, b: Live): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Replacements' UTF-8, by their text: the same stand-ins come again and again. */
let replacementBytes = new Map<string, Uint8Array>();

function utf8Of(replacement: string): Uint8Array {
  let bytes = replacementBytes.get(replacement);
  if (bytes === undefined) {
    if (replacementBytes.size >= MASKED_KEPT) replacementBytes = new Map();
    replacementBytes.set(replacement, (bytes = encoder.encode(replacement)));
  }
  return bytes;
}

/** Grown as pieces need it, so a thread encodes into the same memory each time (up to this size). */
const SCRATCH_KEPT_BYTES = 4 * 1024 * 1024;
let scratch = new Uint8Array(0);
const encoder = new TextEncoder();

class RecordsTextWalk {
  text = '';
  at = 0;
  /** The rewrites so far: text [cuts[2i], cuts[2i + 1]) becomes replacements[i]. */
  private cuts: number[] = [];
  private replacements: string[] = [];
  private replacementChars = 0;
  /** The next backslash at or after `at` (-1 when none): a string without one needs no decoding. */
  private nextBackslash = -1;
  /**
   * The next control character (whitespace or worse) at or after `controlSearch` (-1: none): looked
   * for on asking, so a piece the flat pattern takes has only its last, cut record searched.
   */
  private nextControl = -1;
  /** Where the search for `nextControl` began (-1: not searched since the text came). */
  private controlSearch = -1;
  /** The text had no backslash when it came. */
  private noBackslash = false;
  /** Inside a value that is rewritten: it is parsed again, so only its grammar matters. */
  private lenient = false;
  /** A replacement has a character beyond Latin-1. */
  private wideReplacement = false;
  /** The text has a lone surrogate: its records are parsed. */
  loneSurrogate = false;
  /** Records a flat pattern took (tests, and what a profile asks). */
  flatRecords = 0;
  /** Where every path starts: at the record itself. */
  private readonly root: number[] = [];
  /** The shape of the last record walked. */
  private readonly shape = newShape();
  /** Per kind, masked values' text by their text (quickMasked), up to MASKED_KEPT each. */
  private readonly masked = new Map<string, Map<string, string>>();

  constructor(
    private readonly paths: readonly RecordTextPath[],
    private readonly mask: MaskValue,
  ) {
    for (let p = 0; p < paths.length; p++) this.root.push(p, 0);
  }

  /** Starts over on `text`, with no rewrites. */
  reset(text: string): this {
    this.text = text;
    this.at = 0;
    this.cuts = [];
    this.replacements = [];
    this.replacementChars = 0;
    this.wideReplacement = false;
    this.lenient = false;
    this.nextBackslash = text.indexOf('\\');
    this.controlSearch = -1;
    // JSON.stringify escapes a lone surrogate (text decoded from UTF-8 never has one).
    this.loneSurrogate = SURROGATE.test(text) && LONE_SURROGATE.test(text);
    this.noBackslash = this.nextBackslash < 0;
    return this;
  }

  /** The index of the first control character at or after `at`, or -1. */
  private controlAfter(at: number): number {
    if (this.controlSearch < 0 || this.controlSearch > at || (this.nextControl >= 0 && this.nextControl < at)) {
      CONTROL_FROM.lastIndex = at;
      this.nextControl = CONTROL_FROM.test(this.text) ? CONTROL_FROM.lastIndex - 1 : -1;
      this.controlSearch = at;
    }
    return this.nextControl;
  }

  /** Whether text [from, to) has a control character. */
  private hasControl(from: number, to: number): boolean {
    const control = this.controlAfter(from);
    return control >= 0 && control < to;
  }

  /** One record at `at`: throws NOT_CANONICAL (or the parser's error) when it cannot be walked. */
  record(): void {
    this.value(this.root, this.shape);
  }

  /** How many rewrites there are: what `undo` goes back to. */
  rewrites(): number {
    return this.replacements.length;
  }

  /** Forgets the rewrites after the first `count` and goes back to `at`. */
  undo(count: number, at: number): void {
    for (let i = count; i < this.replacements.length; i++) this.replacementChars -= this.replacements[i]!.length;
    this.replacements.length = count;
    this.cuts.length = 2 * count;
    this.at = at;
    this.lenient = false;
    this.nextBackslash = this.text.indexOf('\\', at);
  }

  /** The masked text before `end` as UTF-8: the text as it is between the rewrites. */
  utf8(end = this.text.length): Uint8Array {
    const { cuts, replacements } = this;
    const text = end === this.text.length ? this.text : this.text.slice(0, end);
    if (!this.wideReplacement) {
      // Latin-1 replacements keep a one-byte text one-byte: joined, it is encoded in one native call.
      let joined = '';
      let from = 0;
      for (let i = 0; i < replacements.length; i++) {
        joined += text.slice(from, cuts[2 * i]) + replacements[i]!;
        from = cuts[2 * i + 1]!;
      }
      return encoder.encode(from === 0 ? text : joined + text.slice(from));
    }
    // A replacement such as "••• masked" would make the joined text two-byte (decision 048): the text between such
    // replacements is encoded in place, and an ASCII replacement (a rounded coordinate) joins that text, as it keeps it
    // one-byte (one native call for a record's text instead of one per rewrite: 17% less time over L's records).
    // A UTF-16 unit takes at most 3 bytes in UTF-8 (a surrogate pair's two take 4).
    const most = 3 * (text.length + this.replacementChars);
    const into = most <= scratch.length ? scratch : new Uint8Array(most);
    if (most > scratch.length && most <= SCRATCH_KEPT_BYTES) scratch = into;
    let written = 0;
    let from = 0;
    /** The text since the last replacement that is not ASCII, with the ASCII ones in it. */
    let part = '';
    for (let i = 0; i < replacements.length; i++) {
      const replacement = replacements[i]!;
      const bytes = utf8Of(replacement);
      part += text.slice(from, cuts[2 * i]);
      from = cuts[2 * i + 1]!;
      if (bytes.length === replacement.length) {
        part += replacement;
        continue;
      }
      written += encoder.encodeInto(part, into.subarray(written)).written;
      part = '';
      into.set(bytes, written);
      written += bytes.length;
    }
    part += from === 0 ? text : text.slice(from);
    written += encoder.encodeInto(part, into.subarray(written)).written;
    return into.slice(0, written);
  }

  /** Replaces text [from, to) by `replacement` in the output. */
  rewrite(from: number, to: number, replacement: string): void {
    if (!this.wideReplacement && WIDE.test(replacement)) this.wideReplacement = true;
    this.cuts.push(from, to);
    this.replacements.push(replacement);
    this.replacementChars += replacement.length;
  }

  space(): void {
    const { text } = this;
    const from = this.at;
    while (this.at < text.length && isSpace(text.charCodeAt(this.at))) this.at++;
    if (this.at > from && !this.lenient) this.rewrite(from, this.at, '');
  }

  private expect(code: number): void {
    if (this.text.charCodeAt(this.at) !== code) throw NOT_CANONICAL;
    this.at++;
  }

  /** One value at `at`, with the paths standing at it and the shape of the last value met where it is. */
  private value(live: Live, shape: Shape | undefined): void {
    const ends = this.endingKind(live);
    // No path ends here: they all go on, as they stand.
    if (ends === undefined) return this.plain(live, shape);
    if (ends === PATHS_MEET || this.lenient) throw NOT_CANONICAL;
    const from = this.at;
    // Lenient text makes no rewrites (whitespace in it is parsed away with the value).
    this.lenient = true;
    this.plain(undefined, undefined);
    this.lenient = false;
    const raw = this.text.slice(from, this.at);
    const first = raw.charCodeAt(0);
    // A string without escapes, a number or a literal is masked as the quick walks mask it; anything else is parsed.
    const plain =
      first === QUOTE ? raw.indexOf('\\') < 0 && !this.hasControl(from, this.at) : first !== OPEN_OBJECT && first !== OPEN_ARRAY;
    const replacement = (plain ? this.maskedText(raw, ends) : undefined) ?? JSON.stringify(this.mask(JSON.parse(raw), ends));
    this.rewrite(from, this.at, replacement);
  }

  /**
   * The kind of the path that ends at a value with `live` standing at it: undefined when none does,
   * PATHS_MEET when two paths meet there (or one ends where another goes on), which the whole-body
   * masking applies one after the other.
   */
  private endingKind(live: Live): string | undefined | typeof PATHS_MEET {
    if (!live) return undefined;
    let ends: string | undefined;
    for (let i = 0; i < live.length; i += 2) {
      if (live[i + 1] !== this.paths[live[i]!]!.segments.length) continue;
      if (live.length > 2) return PATHS_MEET;
      ends = this.paths[live[i]!]!.kind;
    }
    return ends;
  }

  private plain(live: Live, shape: Shape | undefined): void {
    const { text } = this;
    const code = text.charCodeAt(this.at);
    if (code === QUOTE) this.string(false);
    else if (code === OPEN_OBJECT) this.object(live, shape);
    else if (code === OPEN_ARRAY) this.array(live, shape);
    else {
      const literal = literalAt(text, this.at);
      if (literal > 0) this.at += literal;
      else this.number();
    }
  }

  private number(): void {
    const { text } = this;
    const from = this.at;
    this.at = numberEnd(text, from);
    // Canonical numbers are what String gives; anything else (1.0, 1E3, -0, not a number) is parsed instead.
    if (this.at === from || (!this.lenient && !isCanonicalNumber(text, from, this.at))) throw NOT_CANONICAL;
  }

  /** The string at `at`: its decoded text when `wanted` (a key needs it), else perhaps undefined. */
  private string(wanted: boolean): string | undefined {
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
    if (this.hasControl(from, end)) throw NOT_CANONICAL;
    return wanted ? text.slice(from + 1, end) : undefined;
  }

  /**
   * An object: its keys are read and checked once per shape. Most records of an answer have the
   * keys of the last one, in its order: a key found where the shape says (the same text, with no
   * escape in it) needs no check again, and the paths it leads to are the shape's.
   */
  private object(live: Live, shape: Shape | undefined): void {
    const { text } = this;
    this.at++;
    this.space();
    if (text.charCodeAt(this.at) === CLOSE_OBJECT) {
      this.at++;
      return;
    }
    const known = shape && sameLive(shape.live, live) ? shape.keys : NO_KEYS;
    // This object's keys, paths and shapes, once they differ from the shape's (until then, the shape's).
    let keys: string[] | undefined;
    let nexts: Live[] = [];
    let children: (Shape | undefined)[] = [];
    let cacheable = true;
    for (let index = 0; ; index++) {
      if (text.charCodeAt(this.at) !== QUOTE) throw NOT_CANONICAL;
      const from = this.at;
      const key = this.string(true)!;
      // Written without an escape, so its text is the key (an escaped key is checked each time).
      const plain = this.at - from === key.length + 2;
      let next: Live;
      let child: Shape | undefined;
      if (keys === undefined && plain && key === known[index]) {
        next = shape!.next[index];
        child = shape!.children[index];
      } else {
        if (keys === undefined) {
          keys = known.slice(0, index);
          nexts = shape ? shape.next.slice(0, index) : [];
          children = shape ? shape.children.slice(0, index) : [];
        }
        if (!this.lenient) {
          // JSON.parse puts index keys first and keeps a repeated key's last value: not what the text says.
          const first = key.charCodeAt(0);
          if ((first >= DIGIT_0 && first <= DIGIT_9) || key === '__proto__' || keys.includes(key)) throw NOT_CANONICAL;
        }
        if (!plain) cacheable = false;
        keys.push(key);
        next = live && this.follow(live, key);
        child = shape && newShape();
        nexts.push(next);
        children.push(child);
      }
      this.space();
      this.expect(COLON);
      this.space();
      this.value(next, child);
      this.space();
      const code = text.charCodeAt(this.at);
      this.at++;
      if (code === CLOSE_OBJECT) break;
      if (code !== COMMA) throw NOT_CANONICAL;
      this.space();
    }
    // The next object here is most likely shaped as this one.
    if (shape && keys !== undefined) {
      shape.live = live;
      shape.keys = cacheable ? keys : NO_KEYS;
      shape.next = nexts;
      shape.children = children;
      shape.walks = 0;
      shape.flat = undefined;
    }
  }

  private array(live: Live, shape: Shape | undefined): void {
    const { text } = this;
    this.at++;
    this.space();
    if (text.charCodeAt(this.at) === CLOSE_ARRAY) {
      this.at++;
      return;
    }
    // Its elements share a shape: an array's objects are most often alike.
    const element = shape && (shape.element ??= newShape());
    for (let index = 0; ; index++) {
      this.value(live && this.follow(live, String(index)), element);
      this.space();
      const code = text.charCodeAt(this.at);
      this.at++;
      if (code === CLOSE_ARRAY) return;
      if (code !== COMMA) throw NOT_CANONICAL;
      this.space();
    }
  }

  /**
   * The quick walk of a record at `at` (decision 049): the rewrites `record` makes, for the common
   * text: no escape, no whitespace, and each object's keys those of the last object met at its
   * place (its shape), in their order, so they need no check again. The index after the record, or
   * -1 where the full walk must take over (its rewrites are then undone).
   */
  quickRecord(at: number): number {
    const { shape } = this;
    if (shape.flat === undefined && shape.walks >= WALKS_BEFORE_PATTERN) shape.flat = this.flatPattern(shape);
    // The pattern checks each string itself: a piece with escapes elsewhere does not stop it.
    if (shape.flat) {
      const end = this.flatRecord(at, shape.flat);
      if (end >= 0) return end;
    }
    // The quick walk reads no string for control characters: it takes text after `at` with none (and no escape at all).
    return this.noBackslash && this.controlAfter(at) < 0 ? this.quickValue(at, this.root, shape) : -1;
  }

  /** A record was walked: once its shape has come again a few times, it is worth a flat pattern. */
  walked(): void {
    this.shape.walks++;
  }

  /**
   * The record's shape as a flat pattern, or null where two paths meet at a value. (A record that a
   * path ends at, or with paths meeting in it, is masked whole: its shape is never learnt.)
   */
  private flatPattern(shape: Shape): FlatPattern | null {
    if (shape.keys.length === 0 || !sameLive(shape.live, this.root)) return null;
    let source = '';
    let before = '\\{';
    const kinds: string[] = [];
    for (let index = 0; index < shape.keys.length; index++) {
      const ends = this.endingKind(shape.next[index]);
      if (ends === PATHS_MEET) return null;
      before += `${index > 0 ? ',' : ''}"${regexEscaped(shape.keys[index]!)}":`;
      if (ends === undefined) before += FLAT_VALUE;
      else {
        source += `(${before})${FLAT_MASKED}`;
        kinds.push(ends);
        before = '';
      }
    }
    return { regex: new RegExp(`${source}${before}\\}`, 'y'), kinds };
  }

  /** The rewrites of a record its shape's flat pattern matches at `at`: the index after it, or -1 (no match, nothing rewritten). */
  private flatRecord(at: number, { regex, kinds }: FlatPattern): number {
    regex.lastIndex = at;
    const match = regex.exec(this.text);
    if (match === null) return -1;
    let from = at;
    for (let i = 0; i < kinds.length; i++) {
      from += match[2 * i + 1]!.length;
      const raw = match[2 * i + 2]!;
      // The pattern took only what JSON reads: its masked text always comes.
      this.rewrite(from, from + raw.length, this.maskedText(raw, kinds[i]!)!);
      from += raw.length;
    }
    this.flatRecords++;
    return regex.lastIndex;
  }

  private quickValue(at: number, live: Live, shape: Shape | undefined): number {
    const { text } = this;
    const ends = this.endingKind(live);
    if (ends === PATHS_MEET) return -1;
    if (ends !== undefined) return this.quickMasked(at, ends);
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = text.indexOf('"', at + 1);
      return end < 0 ? -1 : end + 1;
    }
    if (code === OPEN_OBJECT) return this.quickObject(at, live, shape);
    if (code === OPEN_ARRAY) return this.quickArray(at, live, shape);
    const literal = literalAt(text, at);
    if (literal > 0) return at + literal;
    return this.quickNumber(at);
  }

  private quickNumber(at: number): number {
    const { text } = this;
    const end = numberEnd(text, at);
    return end > at && isCanonicalNumber(text, at, end) ? end : -1;
  }

  /** A value a path ends at, masked: a string, number or literal (an object or array is the full walk's). */
  private quickMasked(at: number, kind: string): number {
    const { text } = this;
    const code = text.charCodeAt(at);
    let end: number;
    if (code === QUOTE) {
      end = text.indexOf('"', at + 1) + 1;
      if (end === 0) return -1;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) return -1;
    else {
      end = at + literalAt(text, at);
      if (end === at) end = numberEnd(text, at);
    }
    const replacement = this.maskedText(text.slice(at, end), kind);
    if (replacement === undefined) return -1;
    this.rewrite(at, end, replacement);
    return end;
  }

  /** The masked text of a plain string (no escape), a number or a literal written as `raw`; undefined when it is none of these. */
  private maskedText(raw: string, kind: string): string | undefined {
    let masked = this.maskedOf(kind);
    let replacement = masked.get(raw);
    if (replacement === undefined) {
      let value: unknown;
      if (raw.charCodeAt(0) === QUOTE) value = raw.slice(1, -1);
      else if (raw === 'true' || raw === 'false' || raw === 'null') value = JSON.parse(raw);
      else if (JSON_NUMBER.test(raw)) value = Number(raw);
      else return undefined;
      replacement = JSON.stringify(this.mask(value, kind));
      if (masked.size >= MASKED_KEPT) this.masked.set(kind, (masked = new Map()));
      // A copy of its own, not a slice that would keep the whole piece's text alive.
      masked.set(` ${raw}`.slice(1), replacement);
    }
    return replacement;
  }

  /** The masked text of values of `kind` met so far, by their text: an answer repeats its addresses. */
  private maskedOf(kind: string): Map<string, string> {
    let masked = this.masked.get(kind);
    if (!masked) this.masked.set(kind, (masked = new Map()));
    return masked;
  }

  private quickObject(at: number, live: Live, shape: Shape | undefined): number {
    const { text } = this;
    let from = at + 1;
    if (text.charCodeAt(from) === CLOSE_OBJECT) return from + 1;
    if (!shape || !sameLive(shape.live, live)) return -1;
    const { keys, next, children } = shape;
    for (let index = 0; ; index++) {
      const known = keys[index];
      if (known === undefined || text.charCodeAt(from) !== QUOTE) return -1;
      const end = from + 1 + known.length;
      if (text.charCodeAt(end) !== QUOTE || text.charCodeAt(end + 1) !== COLON || text.slice(from + 1, end) !== known) return -1;
      from = this.quickValue(end + 2, next[index], children[index]);
      if (from < 0) return -1;
      const code = text.charCodeAt(from);
      if (code === CLOSE_OBJECT) return from + 1;
      if (code !== COMMA) return -1;
      from++;
    }
  }

  private quickArray(at: number, live: Live, shape: Shape | undefined): number {
    const { text } = this;
    let from = at + 1;
    if (text.charCodeAt(from) === CLOSE_ARRAY) return from + 1;
    const element = shape && (shape.element ??= newShape());
    for (let index = 0; ; index++) {
      from = this.quickValue(from, live && this.follow(live, String(index)), element);
      if (from < 0) return -1;
      const code = text.charCodeAt(from);
      if (code === CLOSE_ARRAY) return from + 1;
      if (code !== COMMA) return -1;
      from++;
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

/** Masks one record given as its text: parsed, masked and serialised (what the walk falls back to). */
export type MaskRecordText = (text: string) => string;

/** What a piece of a records array gave: its complete records masked, and the text after the array once it closed. */
export interface MaskedRecordsPiece {
  utf8: Uint8Array;
  /** The text after the array's `]` (undefined while the array is open). */
  after: string | undefined;
}

const EMPTY = new Uint8Array(0);

const isNotCanonical = (error: unknown) => error === NOT_CANONICAL || error instanceof SyntaxError || error instanceof RangeError;

/**
 * Where a value that starts at 0 ends: the `,` or `]` after it at its own depth. Kept across
 * pieces, so a record that spans many of them is scanned once, not again with each piece.
 */
class ValueEnd {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** How much of the text has been scanned. */
  scanned = 0;

  /** The index of the `,` or `]` (or a stray `}`) that ends the value starting at `start`, or -1 when it goes on. */
  find(text: string, start: number): number {
    let { depth, inString, escaped } = this;
    let at = start + this.scanned;
    for (; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_OBJECT || code === OPEN_ARRAY) depth++;
      else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        if (depth === 0) return at;
        depth--;
      } else if (code === COMMA && depth === 0) return at;
    }
    Object.assign(this, { depth, inString, escaped, scanned: at - start });
    return -1;
  }
}

/**
 * Masks a records array given in pieces of its text (what follows its `[`), in one pass: each
 * record is walked as it comes (decision 049), and the text of a record cut by the end of a piece
 * waits for the next. A record the walk cannot take (not written as JSON.stringify writes it, or
 * paths that need it parsed) is found whole and given to `maskRecord`. The bytes are the
 * whole-body masking's: each record's as parsing, masking and serialising it gives.
 */
export class RecordsTextStream {
  private readonly walk: RecordsTextWalk;
  /** The text of a record that has not ended yet (with what came before it since the last piece). */
  private pending = '';
  /** Set while a record is pending: where it ends is being looked for. */
  private end: ValueEnd | undefined;
  /** A comma came after the last record: another must follow, not `]`. */
  private afterComma = false;
  private closed = false;
  /** Records masked through parsing: the walk could not take them (tests, and what a profile asks). */
  parsedRecords = 0;

  private readonly walkable: boolean;

  /** `paths` undefined: every record is parsed (the paths need it). */
  constructor(
    paths: readonly RecordTextPath[] | undefined,
    mask: MaskValue,
    private readonly maskRecord: MaskRecordText,
  ) {
    this.walkable = paths !== undefined;
    this.walk = new RecordsTextWalk(paths ?? [], mask);
  }

  /** The next piece of the array's text: the records it completes, masked, comma-separated. */
  feed(piece: string): MaskedRecordsPiece {
    if (this.closed) throw new Error('the records array has closed');
    const text = this.pending === '' ? piece : this.pending + piece;
    // A record cut at the last piece's end: nothing goes out until this piece holds its end.
    if (this.end && this.end.find(text, 0) < 0) {
      this.pending = text;
      return { utf8: EMPTY, after: undefined };
    }
    this.end = undefined;
    const walk = this.walk.reset(text);
    for (;;) {
      walk.space();
      const start = walk.at;
      if (start >= text.length) return this.out(start);
      if (text.charCodeAt(start) === CLOSE_ARRAY) {
        if (this.afterComma) throw new SyntaxError('a comma before the end of the records array');
        this.closed = true;
        return { utf8: walk.utf8(start), after: text.slice(start + 1) };
      }
      if (!this.record(start)) return this.out(start);
      const separator = text.charCodeAt(walk.at);
      if (separator !== COMMA && separator !== CLOSE_ARRAY) throw new SyntaxError('a record not followed by a comma');
      walk.at++;
      this.afterComma = separator === COMMA;
      if (separator === CLOSE_ARRAY) {
        this.closed = true;
        return { utf8: walk.utf8(walk.at - 1), after: text.slice(walk.at) };
      }
    }
  }

  /** Records taken by their shape's flat pattern (decision 051): tests, and what a profile asks. */
  get flatRecords(): number {
    return this.walk.flatRecords;
  }

  /** Whether the array's `]` has not come yet. */
  get open(): boolean {
    return !this.closed;
  }

  /** The text ended: a record still open, or an array never closed, is not JSON. */
  finish(): void {
    if (!this.closed) throw new SyntaxError('the records array did not close');
  }

  /** The record at `start`, walked or masked whole; false when the text ends before it does. */
  private record(start: number): boolean {
    const { walk } = this;
    const { text } = walk;
    const rewrites = walk.rewrites();
    if (this.walkable && !walk.loneSurrogate) {
      const end = walk.quickRecord(start);
      const after = text.charCodeAt(end);
      // Complete only once what follows it is seen: a number at the end may go on.
      if (end > 0 && (after === COMMA || after === CLOSE_ARRAY)) {
        walk.at = end;
        walk.walked();
        return true;
      }
      walk.undo(rewrites, start);
      try {
        walk.record();
        walk.space();
        const code = text.charCodeAt(walk.at);
        // Complete only once what follows it is seen: a number at the end may go on.
        if (code === COMMA || code === CLOSE_ARRAY) {
          walk.walked();
          return true;
        }
      } catch (error) {
        if (!isNotCanonical(error)) throw error;
      }
      walk.undo(rewrites, start);
    }
    const end = new ValueEnd();
    const at = end.find(text, start);
    if (at < 0) {
      this.end = end;
      return false;
    }
    walk.rewrite(start, at, this.maskRecord(text.slice(start, at)));
    this.parsedRecords++;
    walk.at = at;
    return true;
  }

  /** The records complete before `end` go out; the text from there waits for the next piece. */
  private out(end: number): MaskedRecordsPiece {
    this.pending = end < this.walk.text.length ? this.walk.text.slice(end) : '';
    return { utf8: end === 0 ? EMPTY : this.walk.utf8(end), after: undefined };
  }
}
