// What changed between two answers of one operation. Pure and synchronous (the compare worker runs
// it off the main thread): records are matched by the operation's declared identity and compared
// field by field; an answer without records is compared as one structure, path by path.
import type { AnyLookup, AnyOperation, RecordIdentity } from './define-lookup.ts';
import { isRecord } from './adapters.ts';
import { interpretAnswer } from './answer.ts';
import { numberedStandInKind } from './stand-ins.ts';
import { describeIdentity, readIdentity } from './record-identity.ts';

/** One difference at a path (`address.city`, `connectors.connector.0.maxPowerLevel`; '' is the value itself). */
export interface FieldChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** Absent for an added path. */
  before?: unknown;
  /** Absent for a removed path. */
  after?: unknown;
}

/** A record that is only in one answer. */
export interface RecordEntry {
  /** Its identity; undefined for a record matched by content (it has none). */
  key: string | undefined;
  label: string;
  record: unknown;
}

/** A record in both answers whose fields differ. */
export interface ChangedRecord {
  key: string;
  label: string;
  fields: FieldChange[];
}

export interface RecordCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

export interface RecordsDiff {
  kind: 'records';
  /** Both answers were masked: stand-ins numbered per answer, of one kind, were taken as equal (see CompareOptions). */
  masked: boolean;
  /** The identity the records were matched by, as a sentence reads it (`incident_code`, `make + model`); undefined when none is declared. */
  identity: string | undefined;
  /**
   * `identity`: every record was matched by its identity. `content`: none had one (no identity is
   * declared, or no record holds it), so a record is the same only when all of its content is:
   * an edit shows as one removed and one added record, never as changed. `mixed`: some of each.
   */
  matchedBy: 'identity' | 'content' | 'mixed';
  /** Records (of both answers) that had no identity and were matched by content. */
  withoutIdentity: number;
  beforeCount: number;
  afterCount: number;
  counts: RecordCounts;
  /** In the second answer's order. */
  added: RecordEntry[];
  /** In the first answer's order. */
  removed: RecordEntry[];
  /** In the second answer's order. */
  changed: ChangedRecord[];
}

export interface StructureDiff {
  kind: 'structure';
  /** Both answers were masked: stand-ins numbered per answer, of one kind, were taken as equal (see CompareOptions). */
  masked: boolean;
  counts: { added: number; removed: number; changed: number };
  changes: FieldChange[];
}

export type AnswerDiff = RecordsDiff | StructureDiff;

export interface CompareOptions {
  /**
   * Both answers were masked. The server's pseudonyms are the same for the same value in every
   * answer, so they compare as they are. A stand-in the browser numbered for one answer ("Person 1
   * (this answer)" here may be "Person 3 (this answer)" there) cannot tell a change: two of the same
   * kind count as equal rather than flag every masked field of every record as changed.
   */
  masked?: boolean | undefined;
}

export interface RecordsDiffOptions extends CompareOptions {
  identity?: RecordIdentity | undefined;
  /** A record's short label (the operation's `label` adapter); the identity by default. */
  label?: ((record: unknown) => string) | undefined;
  /** How the identity reads in a sentence. */
  identityName?: string | undefined;
}

// ---- Values, path by path -------------------------------------------------------------------

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

function isEmptyContainer(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0;
}

/** Every leaf of a value under `path` (an empty object or array is a leaf of its own). */
function leaves(value: unknown, path: string, visit: (path: string, leaf: unknown) => void): void {
  if (Array.isArray(value) && value.length > 0) value.forEach((item, index) => leaves(item, join(path, index), visit));
  else if (isRecord(value) && !isEmptyContainer(value)) for (const key of Object.keys(value)) leaves(value[key], join(path, key), visit);
  else visit(path, value);
}

type SameLeaf = (a: unknown, b: unknown) => boolean;

function sameLeaf(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // Two empty containers of the same kind are equal; anything else that is not identical differs.
  return isEmptyContainer(a) && isEmptyContainer(b) && Array.isArray(a) === Array.isArray(b);
}

function sameMaskedLeaf(a: unknown, b: unknown): boolean {
  if (sameLeaf(a, b)) return true;
  const kind = numberedStandInKind(a);
  return kind !== undefined && kind === numberedStandInKind(b);
}

const leafRule = (options: CompareOptions): SameLeaf => (options.masked ? sameMaskedLeaf : sameLeaf);

/**
 * Appends the differences between two values to `out`: objects key by key, arrays index by
 * index, a path only one side has as its leaves (added or removed), and a value whose kind
 * changed (a number became an object) as one change at its path.
 */
export function diffValues(before: unknown, after: unknown, path: string, out: FieldChange[], same: SameLeaf = sameLeaf): void {
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  const bothObjects = isRecord(before) && isRecord(after);
  if (bothArrays) {
    const shared = Math.min(before.length, after.length);
    for (let index = 0; index < shared; index++) diffValues(before[index], after[index], join(path, index), out, same);
    for (let index = shared; index < before.length; index++)
      leaves(before[index], join(path, index), (at, leaf) => out.push({ path: at, kind: 'removed', before: leaf }));
    for (let index = shared; index < after.length; index++)
      leaves(after[index], join(path, index), (at, leaf) => out.push({ path: at, kind: 'added', after: leaf }));
    return;
  }
  if (bothObjects) {
    for (const key of Object.keys(before)) {
      if (Object.hasOwn(after, key)) diffValues(before[key], after[key], join(path, key), out, same);
      else leaves(before[key], join(path, key), (at, leaf) => out.push({ path: at, kind: 'removed', before: leaf }));
    }
    for (const key of Object.keys(after)) {
      if (!Object.hasOwn(before, key))
        leaves(after[key], join(path, key), (at, leaf) => out.push({ path: at, kind: 'added', after: leaf }));
    }
    return;
  }
  if (!same(before, after)) out.push({ path, kind: 'changed', before, after });
}

function countKinds(changes: readonly FieldChange[]): StructureDiff['counts'] {
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const change of changes) counts[change.kind]++;
  return counts;
}

/** The whole-body diff, for answers without records. */
export function diffStructure(before: unknown, after: unknown, options: CompareOptions = {}): StructureDiff {
  const changes: FieldChange[] = [];
  diffValues(before, after, '', changes, leafRule(options));
  return { kind: 'structure', masked: options.masked === true, counts: countKinds(changes), changes };
}

// ---- Records, matched -----------------------------------------------------------------------

/**
 * JSON with object keys sorted: two records with the same content give the same text. In masked
 * answers a stand-in numbered per answer reads as its kind alone (its number is the answer's, not
 * the record's); a pseudonym reads as it is.
 */
function canonical(value: unknown, masked: boolean): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, masked)).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key], masked)}`).join(',')}}`;
  }
  const standIn = masked ? numberedStandInKind(value) : undefined;
  return standIn ? `<masked ${standIn}>` : (JSON.stringify(value) ?? 'null');
}

interface Keyed {
  /** The map key: `i:<identity>` or `c:<content>`, with `#n` for the n-th repeat in one answer. */
  match: string;
  key: string | undefined;
  record: unknown;
}

/** Keys one answer's records; a repeated key is told apart by its occurrence (`#2`), so repeats pair in order. */
function keyRecords(
  records: readonly unknown[],
  identity: RecordIdentity | undefined,
  masked: boolean,
): { keyed: Keyed[]; withoutIdentity: number } {
  const seen = new Map<string, number>();
  let withoutIdentity = 0;
  const keyed = records.map((record) => {
    const key = identity === undefined ? undefined : readIdentity(identity, record);
    if (key === undefined) withoutIdentity++;
    const base = key === undefined ? `c:${canonical(record, masked)}` : `i:${key}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { match: occurrence === 1 ? base : `${base}#${occurrence}`, key, record };
  });
  return { keyed, withoutIdentity };
}

/** Matches two lists of records by identity (content for those without one) and compares each pair field by field. */
export function diffRecords(before: readonly unknown[], after: readonly unknown[], options: RecordsDiffOptions = {}): RecordsDiff {
  const { identity } = options;
  const same = leafRule(options);
  const labelOf = (entry: Keyed): string => {
    let label = '';
    try {
      label = options.label?.(entry.record) ?? '';
    } catch {
      // A label adapter that throws on an odd record: the identity names it instead.
    }
    return label || entry.key || '(record without identity)';
  };
  const first = keyRecords(before, identity, options.masked === true);
  const second = keyRecords(after, identity, options.masked === true);
  const earlier = new Map<string, Keyed>();
  for (const entry of first.keyed) earlier.set(entry.match, entry);

  const added: RecordEntry[] = [];
  const changed: ChangedRecord[] = [];
  let unchanged = 0;
  for (const entry of second.keyed) {
    const previous = earlier.get(entry.match);
    if (!previous) {
      added.push({ key: entry.key, label: labelOf(entry), record: entry.record });
      continue;
    }
    earlier.delete(entry.match);
    // Matched by content means equal content: only an identity match can differ.
    const fields: FieldChange[] = [];
    if (entry.key !== undefined) diffValues(previous.record, entry.record, '', fields, same);
    if (fields.length === 0) unchanged++;
    else changed.push({ key: entry.key!, label: labelOf(entry), fields });
  }
  // What is left of the first answer was not matched: removed, in its own order.
  const removed = [...earlier.values()].map((entry) => ({ key: entry.key, label: labelOf(entry), record: entry.record }));

  const withoutIdentity = first.withoutIdentity + second.withoutIdentity;
  const total = before.length + after.length;
  return {
    kind: 'records',
    masked: options.masked === true,
    identity: options.identityName ?? (typeof identity === 'string' ? identity : undefined),
    matchedBy: withoutIdentity === 0 ? 'identity' : withoutIdentity === total ? 'content' : 'mixed',
    withoutIdentity,
    beforeCount: before.length,
    afterCount: after.length,
    counts: { added: added.length, removed: removed.length, changed: changed.length, unchanged },
    added,
    removed,
    changed,
  };
}

// ---- Two answers of one operation -----------------------------------------------------------

/** The records an answer holds, read as the viewer reads them (the operation's records adapter). */
function recordsOf(lookup: AnyLookup, operation: AnyOperation, body: unknown): readonly unknown[] {
  return interpretAnswer(lookup, operation, {}, { body }, { mask: false }).records;
}

/**
 * Compares two bodies of one operation: by records when the operation reads records and either
 * answer holds some, otherwise as whole structures.
 */
export function diffAnswers(
  lookup: AnyLookup,
  operation: AnyOperation,
  before: unknown,
  after: unknown,
  options: CompareOptions = {},
): AnswerDiff {
  if (operation.adapters?.records) {
    const first = recordsOf(lookup, operation, before);
    const second = recordsOf(lookup, operation, after);
    if (first.length > 0 || second.length > 0) {
      return diffRecords(first, second, {
        ...options,
        identity: operation.identity,
        label: operation.adapters.label,
        identityName: describeIdentity(operation),
      });
    }
  }
  return diffStructure(before, after, options);
}
