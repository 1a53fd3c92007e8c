// Structural personal-data masking. Each definition lists its personal-data paths, and each path
// says what kind of value it holds; a value is replaced by what fits its kind, never by a value
// that could pass for real data. Isomorphic (the proxy and the demo's worker threads run it on every
// JSON answer they mask, the browser only as a fallback); copy-on-write, so the body passed in is
// never changed.
//
// A path is `kind:segment.segment…`:
// - a segment is a key, `*` (any key or index), or a glob (`sex_offender_*`);
// - a segment may end in a condition, `key[field=value]`: the value found there must be an object
//   whose `field` (a dot path inside it) reads as `value`. `$[…]` puts a condition on the body
//   itself: `name:$[profile_type=personal].full_name` masks full_name only in a personal profile.
// Kinds and what replaces their values (null, booleans and empty strings stay: they name no one):
// - coordinate: rounded to 2 decimals (about 1 km), keeping number or numeric-string type, so a map
//   still shows the area and never the house; numbers inside other text are rounded the same way;
// - name, address, contact (phone, fax, e-mail, handle): a stand-in that reads as masked
//   (stand-ins.ts). Masked by the server, a pseudonym keyed by the deployment's secret ("Person
//   7f3ak2m9x0qd"), the same for the same value in every answer; masked in the browser, a stand-in
//   numbered for that answer alone ("Person 1 (this answer)");
// - text (free text, dates of birth, descriptions): "••• masked"; url (photos, profile links):
//   "••• masked URL", which no view will load or link;
// - number: the string "masked" (MASKED_VALUE), never a plausible number. It is the one stand-in
//   that breaks a response schema (a number expected); the answer interpreter reports it as
//   masked, not as drift, and typed views read the field as absent.
// Numbers under any kind but coordinate become "masked" too; arrays and objects at a path are
// masked through, each leaf by the path's kind.
// - full-name, first-name, middle-name, last-name: one person's name fields in one object (a
//   record's). They read as one stand-in: the person is the full name as it came (or, without one,
//   the parts joined), and the full name gets that person's name stand-in ("Person 7f3ak2m9x0qd",
//   the same a plain `name` of that value gets), each part the same with its part named
//   ("Person 7f3ak2m9x0qd, first name"). Nothing of a part is readable in it, and a part alone no
//   longer groups everyone who shares a first name.
import { isRecord } from './adapters.ts';
import type { PathKey } from './json-splitter.ts';
import { RecordsTextStream } from './masking-text.ts';
import { PERSON_NAME_KINDS, PERSONAL_KINDS, type PersonalKind, type PersonNameKind } from './personal-path.ts';
import { localStandIn, normaliseForPseudonym, pseudonym, type KeyedCode, type NamePart, type PseudonymKind } from './stand-ins.ts';

/** What a masked number (and any other value that has no stand-in of its own) reads as. */
export const MASKED_VALUE = 'masked';
/** Free text under masking. */
export const MASKED_TEXT = '••• masked';
/** A URL (photo, profile link) under masking: not a URL, so nothing loads or links it. */
export const MASKED_URL = '••• masked URL';

interface Segment {
  /** The key or glob as written. */
  key: string;
  matches: (key: string) => boolean;
  /** `field.path` and the text its value must read as, when the segment has a condition. */
  condition?: { field: string[]; value: string };
}

interface ParsedPath {
  kind: PersonalKind;
  /** A condition on the body itself (`$[…]`). */
  root?: Segment['condition'];
  segments: Segment[];
}

function keyMatcher(glob: string): (key: string) => boolean {
  if (glob === '*') return () => true;
  if (!glob.includes('*')) return (key) => key === glob;
  const pattern = new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return (key) => pattern.test(key);
}

/** Splits on dots outside `[…]`, so a condition may name a nested field. */
function splitSegments(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of path) {
    if (char === '[') depth += 1;
    if (char === ']') depth -= 1;
    if (char === '.' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

const SEGMENT = /^([^[\]]+)(?:\[([^=[\]]+)=([^[\]]*)\])?$/;
const parsedPaths = new Map<string, ParsedPath>();

/** Reads `kind:path`; throws on an entry that is not one (a registry test holds every definition to it). */
export function parsePersonalPath(entry: string): ParsedPath {
  const known = parsedPaths.get(entry);
  if (known) return known;
  const colon = entry.indexOf(':');
  const kind = entry.slice(0, colon) as PersonalKind;
  if (colon < 0 || !PERSONAL_KINDS.includes(kind))
    throw new Error(`"${entry}" is not a personal-data path: it must start with one of ${PERSONAL_KINDS.join(', ')} and a colon`);
  const parts = splitSegments(entry.slice(colon + 1));
  const parsed: ParsedPath = { kind, segments: [] };
  for (const [index, part] of parts.entries()) {
    const match = SEGMENT.exec(part);
    if (!match) throw new Error(`"${entry}": "${part}" is not a path segment`);
    const [, key, field, value] = match;
    const condition = field === undefined ? undefined : { field: field.split('.'), value: value ?? '' };
    if (key === '$') {
      if (index !== 0 || !condition) throw new Error(`"${entry}": $ stands only first, with a condition`);
      parsed.root = condition;
      continue;
    }
    parsed.segments.push({ key: key!, matches: keyMatcher(key!), ...(condition && { condition }) });
  }
  if (parsed.segments.length === 0) throw new Error(`"${entry}" names no field`);
  parsedPaths.set(entry, parsed);
  return parsed;
}

function holds(value: unknown, condition: Segment['condition']): boolean {
  if (!condition) return true;
  let current = value;
  for (const key of condition.field) current = isRecord(current) ? current[key] : undefined;
  return current !== undefined && current !== null && String(current) === condition.value;
}

function roundCoordinate(number: number): number {
  return Math.round(number * 100) / 100;
}

/** Values whose stand-ins a Masker remembers before it starts afresh (a record masking's Masker serves every answer). */
export const SEEN_MAX = 100_000;

/**
 * Hands out stand-ins for one answer. Each distinct value is worked out once (a big answer repeats
 * its addresses and names): with the server's keyed code, its pseudonym; without, the next number.
 */
class Masker {
  /** `kind NUL value` as it came → its code or number: the fast path for a repeated value. */
  private readonly seen = new Map<string, string>();
  /** Local stand-ins only: `kind NUL normalised value` → its number. */
  private readonly local = new Map<string, string>();
  /** Local stand-ins only: the last number handed out, per kind. */
  private readonly counters = new Map<PseudonymKind, number>();

  constructor(private readonly code: KeyedCode | undefined) {}

  mask(value: unknown, kind: Exclude<PersonalKind, PersonNameKind>): unknown {
    if (value === null || value === undefined || typeof value === 'boolean') return value;
    if (Array.isArray(value)) return value.map((item) => this.mask(item, kind));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.mask(item, kind)]));
    if (kind === 'coordinate') return this.coordinate(value);
    if (typeof value === 'number' || kind === 'number') return MASKED_VALUE;
    if (typeof value !== 'string') return MASKED_VALUE;
    if (value.trim() === '') return value;
    if (kind === 'text') return MASKED_TEXT;
    if (kind === 'url') return MASKED_URL;
    return this.standIn(value, kind);
  }

  private coordinate(value: unknown): unknown {
    if (typeof value === 'number') return Number.isFinite(value) ? roundCoordinate(value) : value;
    if (typeof value !== 'string') return MASKED_VALUE;
    const trimmed = value.trim();
    if (trimmed !== '' && Number.isFinite(Number(trimmed))) return roundCoordinate(Number(trimmed)).toFixed(2);
    // A coordinate pair or a WKT point inside text: every decimal number in it, rounded.
    return value.replace(/-?\d+\.\d+/g, (number) => roundCoordinate(Number(number)).toFixed(2));
  }

  /** The stand-in of a name, address or contact; of a part of a person's name when `part` says which (`value` is then the person). */
  standIn(value: string, kind: PseudonymKind, part?: NamePart): string {
    const seenKey = `${kind}\u0000${value}`;
    let id = this.seen.get(seenKey);
    if (id === undefined) {
      const normalised = normaliseForPseudonym(value);
      id = this.code ? this.code(kind, normalised) : this.numbered(kind, normalised);
      // Only a fast path (codes are worked out again the same; numbers are kept in `local`): bounded, so a
      // record masking kept for the server's life does not hold every address it ever saw.
      if (this.seen.size >= SEEN_MAX) this.seen.clear();
      this.seen.set(seenKey, id);
    }
    return this.code ? pseudonym(kind, id, part) : localStandIn(kind, Number(id), part);
  }

  private numbered(kind: PseudonymKind, normalised: string): string {
    const localKey = `${kind}\u0000${normalised}`;
    const known = this.local.get(localKey);
    if (known !== undefined) return known;
    const n = String((this.counters.get(kind) ?? 0) + 1);
    this.counters.set(kind, Number(n));
    this.local.set(localKey, n);
    return n;
  }
}

/** The part of a person's name each person kind stands for; the full name stands for the whole. */
const NAME_PARTS: Readonly<Record<PersonNameKind, NamePart | undefined>> = {
  'full-name': undefined,
  'first-name': 'first',
  'middle-name': 'middle',
  'last-name': 'last',
};

const isPersonName = (kind: PersonalKind): kind is PersonNameKind => (PERSON_NAME_KINDS as readonly string[]).includes(kind);

/** `value` with `replacement` at `at`, copying each container on the way once (`copies` are this body's own copies, changed in place). */
function replaceAt(value: unknown, at: readonly (string | number)[], replacement: unknown, copies: WeakSet<object>): unknown {
  const own = (node: unknown): Record<string | number, unknown> => {
    const container = node as Record<string | number, unknown>;
    if (copies.has(container)) return container;
    const copy = (Array.isArray(node) ? [...node] : { ...container }) as Record<string | number, unknown>;
    copies.add(copy);
    return copy;
  };
  const top = own(value);
  let node = top;
  for (const key of at.slice(0, -1)) node = node[key] = own(node[key]);
  node[at.at(-1)!] = replacement;
  return top;
}

/**
 * Masks the person-name paths of `body`: finds each person's fields as they came (grouped by the
 * object holding them), works out who the person is (the full name, else the parts joined), and
 * gives every field that person's stand-in with its part named.
 */
function maskPersonNames(body: unknown, paths: readonly ParsedPath[], masker: Masker): unknown {
  const people = new Map<string, { full?: string; parts: string[] }>();
  const found: Array<{ at: readonly Key[]; value: unknown; part: NamePart | undefined; person: { full?: string; parts: string[] } }> = [];
  for (const path of paths) {
    const part = NAME_PARTS[path.kind as PersonNameKind];
    visit(body, path, (at, value) => {
      const holder = JSON.stringify(at.slice(0, -1));
      const person = people.get(holder) ?? { parts: [] };
      people.set(holder, person);
      if (typeof value === 'string' && value.trim() !== '') {
        if (part === undefined) person.full ??= value;
        else person.parts[['first', 'middle', 'last'].indexOf(part)] = value;
      }
      found.push({ at, value, part, person });
    });
  }
  const copies = new WeakSet<object>();
  let result = body;
  for (const { at, value, part, person } of found) {
    const who = person.full ?? person.parts.filter(Boolean).join(' ');
    const masked = typeof value === 'string' && value.trim() !== '' ? masker.standIn(who, 'name', part) : masker.mask(value, 'name');
    if (masked !== value) result = at.length === 0 ? masked : replaceAt(result, at, masked, copies);
  }
  return result;
}

type Key = string | number;

/** Calls `found` for each value `path` reaches in `value`, with its location. */
function visit(value: unknown, path: ParsedPath, found: (at: readonly Key[], value: unknown) => void): void {
  if (!holds(value, path.root)) return;
  const walk = (current: unknown, depth: number, at: Key[]) => {
    if (depth === path.segments.length) return found(at, current);
    const { matches, condition } = path.segments[depth]!;
    const entries: Array<[Key, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : isRecord(current)
        ? Object.entries(current)
        : [];
    for (const [key, item] of entries) {
      if (matches(String(key)) && holds(item, condition)) walk(item, depth + 1, [...at, key]);
    }
  };
  walk(value, 0, []);
}

/** `value` with each value `path` reaches (from segment `depth` on) masked; untouched branches are shared, not copied. */
function maskAt(value: unknown, path: ParsedPath, depth: number, masker: Masker): unknown {
  if (depth === path.segments.length) return masker.mask(value, path.kind as Exclude<PersonalKind, PersonNameKind>);
  const { matches, condition } = path.segments[depth]!;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      if (!matches(String(index)) || !holds(item, condition)) return;
      const next = maskAt(item, path, depth + 1, masker);
      if (next !== item) (copy ??= [...value])[index] = next;
    });
    return copy ?? value;
  }
  if (isRecord(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      if (!matches(key) || !holds(item, condition)) continue;
      const next = maskAt(item, path, depth + 1, masker);
      if (next !== item) (copy ??= { ...value })[key] = next;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * A new body in which every value at `paths` is replaced as its kind says (see the top of this
 * file). The body passed in is left untouched; with nothing to mask, the same body comes back.
 * `code` is the server's keyed code (src/server/pseudonyms.ts), which makes names, addresses and
 * contacts pseudonyms stable across answers; without it (the browser's fallback) they are
 * numbered for this answer alone.
 */
export function maskPersonalData<T>(body: T, paths: readonly string[], code?: KeyedCode): T {
  return maskParsed(body, paths.map(parsePersonalPath), new Masker(code));
}

function maskParsed<T>(body: T, parsed: readonly ParsedPath[], masker: Masker): T {
  // Person names first, read from the body as it came: a part needs its person's full name.
  const personNames = parsed.filter((path) => isPersonName(path.kind));
  let result: unknown = personNames.length > 0 ? maskPersonNames(body, personNames, masker) : body;
  for (const path of parsed) {
    if (!isPersonName(path.kind) && holds(result, path.root)) result = maskAt(result, path, 0, masker);
  }
  return result as T;
}

export interface PersonalValue {
  /** Where the value is: keys and indices from the body down. */
  path: readonly Key[];
  kind: PersonalKind;
  value: unknown;
}

/**
 * Every leaf value the paths reach in `body` (objects and arrays at a path are walked down to
 * their leaves), with its kind: what a test compares before and after masking, and what tells
 * the interpreter that a value is masked rather than drifted.
 */
export function personalValues(body: unknown, paths: readonly string[]): PersonalValue[] {
  const values: PersonalValue[] = [];
  const leaves = (at: readonly Key[], value: unknown, kind: PersonalKind) => {
    if (Array.isArray(value)) value.forEach((item, index) => leaves([...at, index], item, kind));
    else if (isRecord(value)) for (const [key, item] of Object.entries(value)) leaves([...at, key], item, kind);
    else values.push({ path: at, kind, value });
  };
  for (const entry of paths) {
    const path = parsePersonalPath(entry);
    visit(body, path, (at, value) => leaves(at, value, path.kind));
  }
  return values;
}

/** Masking of one answer in pieces: each record alone, and the envelope (the body with its records array empty). */
export interface RecordMasking {
  /** One element of the records array, masked as the whole body's masking masks it there. */
  record(value: unknown): unknown;
  /** The body with its records array empty, masked (the array stays where it was, empty). */
  envelope(skeleton: unknown): unknown;
  /**
   * A records array's text in pieces (what follows its `[`), masked record by record as it comes
   * and written as UTF-8 (masking-text.ts), giving the bytes of `record` on each, serialised; the
   * records are parsed where the paths need it (conditions, a person's name).
   */
  recordsStream(): RecordsTextStream;
}

/**
 * How `paths` mask an answer whose records are the array at `recordsPath`, one record at a time
 * (the proxy masks a big answer as it streams, decision 031). Undefined when a record cannot be
 * masked without the rest of the body: a condition on the body or on a container of the records
 * array, a path that ends at that array or above it, one that picks records by index, or a
 * person's name whose fields sit in a container of the array. Otherwise, masking each record and
 * the envelope and putting them together gives what maskPersonalData gives for the whole body.
 * Needs the server's keyed code: the browser's numbered stand-ins depend on the order they are met.
 */
export function recordMasking(paths: readonly string[], recordsPath: readonly PathKey[], code: KeyedCode): RecordMasking | undefined {
  const depth = recordsPath.length;
  const inRecord: ParsedPath[] = [];
  for (const path of paths.map(parsePersonalPath)) {
    if (path.root) return undefined;
    const { segments } = path;
    // How many of the path's first segments follow the way down to the records array.
    let along = 0;
    while (along < Math.min(segments.length, depth) && segments[along]!.matches(String(recordsPath[along]))) along += 1;
    // A condition read on a container of the records array (or the array itself) sees it empty in the envelope.
    if (segments.slice(0, Math.min(along, depth)).some((segment) => segment.condition)) return undefined;
    if (isPersonName(path.kind) && along >= segments.length - 1 && segments.length - 1 <= depth) return undefined;
    if (along < depth) continue;
    if (segments.length === depth) return undefined;
    const index = segments[depth]!;
    if (index.key !== '*') {
      if (!index.key.includes('*') && !/^\d+$/.test(index.key)) continue;
      return undefined;
    }
    inRecord.push({ kind: path.kind, ...(index.condition && { root: index.condition }), segments: segments.slice(depth + 1) });
  }
  const masker = new Masker(code);
  const asText = inRecord.every((path) => !path.root && !isPersonName(path.kind) && path.segments.every((segment) => !segment.condition));
  const maskValue = (value: unknown, kind: string) => masker.mask(value, kind as Exclude<PersonalKind, PersonNameKind>);
  return {
    record: (value) => maskParsed(value, inRecord, masker),
    envelope: (skeleton) => maskPersonalData(skeleton, paths, code),
    recordsStream: () =>
      new RecordsTextStream(asText ? inRecord : undefined, maskValue, (text) =>
        JSON.stringify(maskParsed(JSON.parse(text), inRecord, masker)),
      ),
  };
}
