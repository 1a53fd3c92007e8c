// The hand-over between the table's flat rows and the engine, both ways, in Apache Arrow.
// In: each column gets the type its cells share (numbers as DOUBLE, true/false as BOOLEAN, ISO
// dates and date-times as TIMESTAMP, anything else as text), so SQL can sum, compare and
// truncate them. Out: a result's rows as the flat rows the record table shows.
import {
  Bool,
  type Data,
  DataType,
  Float64,
  makeData,
  makeVector,
  type Table,
  TimestampMillisecond,
  Utf8,
  type Vector,
  Table as ArrowTable,
} from 'apache-arrow';
import type { FlatRow, FlatTable } from '../results/table-api.ts';

export type SqlColumnType = 'double' | 'boolean' | 'timestamp' | 'text';

/** `2026-11-25`, `2026-11-25T14:32`, `2026-11-25 14:32:10.5Z`, `…+01:00`: what counts as a date. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The time an ISO date or date-time stands for (a date alone, and a time without zone, as UTC), or NaN. */
export function isoTime(text: string): number {
  if (!ISO_DATE.test(text)) return Number.NaN;
  if (text.length === 10) return Date.parse(text);
  const withT = text.charCodeAt(10) === 32 ? `${text.slice(0, 10)}T${text.slice(11)}` : text;
  return Date.parse(ZONED.test(withT) ? withT : `${withT}Z`);
}

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/;

/** The type every filled cell of the column fits; empty cells (null, missing, blank) fit any. */
export function columnTypeOf(rows: readonly FlatRow[], column: string): SqlColumnType {
  let numbers = 0;
  let booleans = 0;
  let dates = 0;
  let filled = 0;
  for (const row of rows) {
    const cell = row[column];
    if (cell === null || cell === undefined || cell === '') continue;
    filled += 1;
    if (typeof cell === 'number') numbers += 1;
    else if (typeof cell === 'boolean') booleans += 1;
    else if (!Number.isNaN(isoTime(cell))) dates += 1;
    else return 'text';
  }
  if (filled === 0) return 'text';
  if (numbers === filled) return 'double';
  if (booleans === filled) return 'boolean';
  if (dates === filled) return 'timestamp';
  return 'text';
}

const empty = (cell: FlatRow[string] | undefined) => cell === null || cell === undefined || cell === '';

// Columns are laid out by hand (makeData) rather than with Arrow's builders: those compile a
// function from text (`new Function`), which the app's Content-Security-Policy refuses.

/** The validity bitmap (bit set: a value) and the null count of `length` cells. */
function validity(length: number, isNull: (at: number) => boolean): { nullBitmap: Uint8Array; nullCount: number } {
  const nullBitmap = new Uint8Array((length + 7) >> 3);
  let nullCount = 0;
  for (let at = 0; at < length; at += 1) {
    if (isNull(at)) nullCount += 1;
    else nullBitmap[at >> 3]! |= 1 << (at & 7);
  }
  return { nullBitmap, nullCount };
}

const encoder = new TextEncoder();

function textData(cells: ReadonlyArray<FlatRow[string] | undefined>): Data<Utf8> {
  const length = cells.length;
  const { nullBitmap, nullCount } = validity(length, (at) => cells[at] === null || cells[at] === undefined);
  const texts = cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell)));
  // One buffer for the column, written in place: UTF-8 takes at most three bytes per UTF-16 unit.
  let bound = 0;
  for (const text of texts) bound += text.length * 3;
  const buffer = new Uint8Array(bound);
  const valueOffsets = new Int32Array(length + 1);
  let end = 0;
  for (let at = 0; at < length; at += 1) {
    const text = texts[at]!;
    // ASCII, the common case, byte by byte; anything else through the encoder.
    let ascii = true;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code >= 0x80) {
        ascii = false;
        break;
      }
      buffer[end + index] = code;
    }
    end += ascii ? text.length : encoder.encodeInto(text, buffer.subarray(end)).written;
    valueOffsets[at + 1] = end;
  }
  return makeData({ type: new Utf8(), length, nullCount, nullBitmap, valueOffsets, data: buffer.subarray(0, end) });
}

function columnData(rows: readonly FlatRow[], column: string, type: SqlColumnType): Data {
  const cells = rows.map((row) => row[column]);
  const length = cells.length;
  if (type === 'text') return textData(cells);
  const { nullBitmap, nullCount } = validity(length, (at) => empty(cells[at]));
  switch (type) {
    case 'double': {
      const data = new Float64Array(length);
      for (let at = 0; at < length; at += 1) if (!empty(cells[at])) data[at] = cells[at] as number;
      return makeData({ type: new Float64(), length, nullCount, nullBitmap, data });
    }
    case 'boolean': {
      const data = new Uint8Array((length + 7) >> 3);
      for (let at = 0; at < length; at += 1) if (cells[at] === true) data[at >> 3]! |= 1 << (at & 7);
      return makeData({ type: new Bool(), length, nullCount, nullBitmap, data });
    }
    case 'timestamp': {
      // Arrow keeps 64-bit times as pairs of 32-bit words, low word first.
      const words = new Int32Array(length * 2);
      for (let at = 0; at < length; at += 1) {
        if (empty(cells[at])) continue;
        const ms = isoTime(cells[at] as string);
        const high = Math.floor(ms / 2 ** 32);
        words[at * 2] = ms - high * 2 ** 32;
        words[at * 2 + 1] = high;
      }
      return makeData({ type: new TimestampMillisecond(), length, nullCount, nullBitmap, data: words });
    }
  }
}

export interface TypedTable {
  arrow: Table;
  types: ReadonlyMap<string, SqlColumnType>;
}

/** The flat table as an Arrow table with a typed column for each of its columns, in its order. */
export function toArrowTable(table: FlatTable): TypedTable {
  const types = new Map(table.columns.map((column) => [column, columnTypeOf(table.rows, column)]));
  if (table.columns.length === 0) return { arrow: new ArrowTable(), types };
  const vectors: Record<string, Vector> = {};
  for (const [column, type] of types) vectors[column] = makeVector(columnData(table.rows, column, type));
  return { arrow: new ArrowTable(vectors), types };
}

/** One result cell as the table shows it: numbers and booleans as they are, times as ISO text, nested values as JSON. */
export function cellOf(value: unknown, type: DataType): FlatRow[string] {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') {
    if ((DataType.isTimestamp(type) || DataType.isDate(type)) && Number.isFinite(value)) return new Date(value).toISOString();
    return value;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item));
}

/** Rows `from` to `to` (exclusive) of a result as flat rows, column by column. */
export function rowsOf(table: Table, from = 0, to = table.numRows): FlatRow[] {
  const end = Math.min(to, table.numRows);
  const rows: FlatRow[] = [];
  for (let at = from; at < end; at += 1) rows.push({});
  for (const field of table.schema.fields) {
    const vector = table.getChild(field.name);
    if (!vector) continue;
    for (let at = from; at < end; at += 1) rows[at - from]![field.name] = cellOf(vector.get(at), field.type);
  }
  return rows;
}
