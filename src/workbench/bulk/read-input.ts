// A bulk run's input file → rows of text, or one clear message and nothing else. CSV is RFC 4180
// with a header row (Papa Parse); JSON is an array of objects. Line numbers are the file's own
// (a quoted field may span lines), so a message points at the line an editor shows.
import Papa from 'papaparse';
import { MAX_ROWS } from './limits.ts';

// The most rows one run takes: more is refused before anything is sent.
export { MAX_ROWS };

export interface InputRow {
  /** Where the row starts: "line 7" for CSV, "item 3" for JSON. */
  where: string;
  /** The row's cells by column name, as text. */
  values: Record<string, string>;
}

export interface InputTable {
  format: 'csv' | 'json';
  columns: string[];
  rows: InputRow[];
}

export type ReadResult = { ok: true; table: InputTable } | { ok: false; message: string };

/** Bytes → text: UTF-8 only (a BOM is dropped); anything else is refused, never guessed. */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { ok: false, message: 'The file is not UTF-8 text. Save it as “CSV UTF-8” (or JSON in UTF-8) and upload it again.' };
  }
}

/** JSON when the text starts with `[` or `{`, CSV otherwise. */
export function readInput(text: string): ReadResult {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { ok: false, message: 'The file is empty: it needs a header row naming the columns, then one row per query.' };
  return trimmed.startsWith('[') || trimmed.startsWith('{') ? readJson(trimmed) : readCsv(text.replace(/^\uFEFF/, ''));
}

function tooMany(count: number): ReadResult {
  return {
    ok: false,
    message: `The file has ${count.toLocaleString('en-US')} rows; a run takes at most ${MAX_ROWS.toLocaleString('en-US')}. Split it into smaller files.`,
  };
}

function readJson(text: string): ReadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The file is not valid JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(data))
    return { ok: false, message: 'A JSON file must hold an array of objects, one per query: [{"name": "value"}, …].' };
  if (data.length === 0) return { ok: false, message: 'The JSON array is empty: there is nothing to run.' };
  if (data.length > MAX_ROWS) return tooMany(data.length);
  const columns = new Set<string>();
  const rows: InputRow[] = [];
  for (const [index, item] of data.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { ok: false, message: `Item ${index + 1} of the JSON array is not an object: each item must be {"name": "value", …}.` };
    }
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
      columns.add(key);
      values[key] = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
    rows.push({ where: `item ${index + 1}`, values });
  }
  return { ok: true, table: { format: 'json', columns: [...columns], rows } };
}

/** A header cell that reads like data (a number, a date, a zip code): the file has no header row. */
const LOOKS_LIKE_VALUE = /^[\d\s.,:+\-/]+$/;

function readCsv(text: string): ReadResult {
  const records: Array<{ cells: string[]; line: number }> = [];
  let lineAtCursor = 1;
  let cursor = 0;
  let parseError: string | undefined;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: 'greedy',
    step: (result) => {
      // A one-column file has no delimiter to detect: Papa then says so and uses the comma, which is right.
      const error = result.errors.find((item) => item.code !== 'UndetectableDelimiter');
      if (error && !parseError) parseError = error.message;
      // The row starts after the previous row's end: count the line breaks between.
      const end = result.meta.cursor;
      let start = cursor;
      while (start < end && (text[start] === '\r' || text[start] === '\n' || text[start] === ' ' || text[start] === '\t')) {
        if (text[start] === '\n') lineAtCursor += 1;
        start += 1;
      }
      records.push({ cells: result.data, line: lineAtCursor });
      for (let i = start; i < end; i += 1) if (text[i] === '\n') lineAtCursor += 1;
      cursor = end;
    },
  });
  if (parseError) return { ok: false, message: `The CSV could not be read: ${parseError}.` };
  const [header, ...data] = records;
  if (!header) return { ok: false, message: 'The file is empty: it needs a header row naming the columns, then one row per query.' };
  const names = header.cells.map((cell) => cell.trim());
  if (names.some((name) => name === '') || names.every((name) => LOOKS_LIKE_VALUE.test(name))) {
    return {
      ok: false,
      message: 'The file has no header row: its first line must name the columns (e.g. the parameter names), then one row per query.',
    };
  }
  const duplicate = names.find((name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) !== index);
  if (duplicate) return { ok: false, message: `The header names the column “${duplicate}” twice: each column needs its own name.` };
  if (data.length === 0) return { ok: false, message: 'The file has a header row but no rows to run.' };
  if (data.length > MAX_ROWS) return tooMany(data.length);
  const rows = data.map(({ cells, line }): InputRow => {
    const values: Record<string, string> = {};
    names.forEach((name, index) => (values[name] = cells[index] ?? ''));
    return { where: `line ${line}`, values };
  });
  return { ok: true, table: { format: 'csv', columns: names, rows } };
}
