// "Run over these results": an answer's records handed to another lookup's bulk run, in place of
// a file. The lookup page writes the rows (the target's parameters, already named as its columns,
// and the source record's identity beside them) to sessionStorage and opens the bulk page, which
// takes them once: this tab only, gone after it is read, never sent anywhere.
import type { AnyOperation, LookupId } from '../../lookups/define-lookup.ts';
import type { LookupLink } from '../../lookups/links.ts';
import { linkValues } from '../../lookups/follow-link.ts';
import { readIdentity } from '../../lookups/record-identity.ts';
import { readInput, type InputTable } from './read-input.ts';

const KEY_PREFIX = 'lookup-explorer:bulk-handover:';

export interface RowsHandover {
  /** Names the run like a file would, e.g. "H answer (records), 12 rows". */
  fileName: string;
  /** The rows as a JSON array of objects: the bulk page reads it as it reads a pasted JSON file. */
  text: string;
}

/** The columns carrying the source record's identity: never sent (no parameter has these names), kept beside each result. */
export const SOURCE_COLUMNS = { lookup: 'source_lookup', record: 'source_record' } as const;

export function handOverRows(
  target: LookupId,
  rows: readonly Readonly<Record<string, string>>[],
  fileName: string,
  storage: Storage = sessionStorage,
): void {
  const handover: RowsHandover = { fileName, text: JSON.stringify(rows, null, 1) };
  storage.setItem(`${KEY_PREFIX}${target}`, JSON.stringify(handover));
}

/** The rows handed to this lookup's bulk page, read as a file is (left in place: see forgetHandedRows). */
export function peekHandedRows(target: LookupId, storage: Storage = sessionStorage): RowsHandover | undefined {
  const text = storage.getItem(`${KEY_PREFIX}${target}`);
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<RowsHandover>;
    return typeof value.fileName === 'string' && typeof value.text === 'string'
      ? { fileName: value.fileName, text: value.text }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Once the bulk page has read them, the rows go: a later visit starts from an empty setup. */
export function forgetHandedRows(target: LookupId, storage: Storage = sessionStorage): void {
  storage.removeItem(`${KEY_PREFIX}${target}`);
}

/** The rows handed to this lookup, read into a table, or the message why they cannot be. */
export function readHandedRows(
  target: LookupId,
  storage: Storage = sessionStorage,
): (RowsHandover & { table?: InputTable; message?: string }) | undefined {
  const handed = peekHandedRows(target, storage);
  if (!handed) return undefined;
  const result = readInput(handed.text);
  return result.ok ? { ...handed, table: result.table } : { ...handed, message: result.message };
}

/**
 * One input row per record the link can follow: the target's parameters from the record, then its
 * identity (the operation's declared identity, else its position in the answer). Records lacking
 * a value the link needs are counted, not sent.
 */
export function rowsFromRecords(
  link: LookupLink,
  source: AnyOperation,
  records: readonly unknown[],
): { rows: Record<string, string>[]; skipped: number } {
  const rows: Record<string, string>[] = [];
  let skipped = 0;
  records.forEach((record, index) => {
    const values = linkValues(link, source, record);
    if (!values) {
      skipped += 1;
      return;
    }
    const identity = source.identity !== undefined ? readIdentity(source.identity, record) : undefined;
    rows.push({ ...values, [SOURCE_COLUMNS.lookup]: link.from, [SOURCE_COLUMNS.record]: identity ?? `record ${index + 1}` });
  });
  return { rows, skipped };
}
