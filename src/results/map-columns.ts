// Which columns the map may colour and size by (walk defects 7 and 14): the choice columns plus the
// ones the look or the definition already colours by (so the select always shows the truth), and
// for size only numbers that mean an amount, never coordinates, ids or codes. `none` in the look is
// the person's "(none)": it overrides the definition's default instead of falling back to it.
import type { MapLook } from './view-state.ts';

/** The look's word for "(none)" (`color=none`, `size=none`): no column, not even the default. */
export const NO_COLUMN = 'none';

/** The column in use: the look's pick, the definition's default when none was made, nothing for `none`. */
export function chosenColumn(picked: string | undefined, fallback: string | undefined): string | undefined {
  if (picked === NO_COLUMN) return undefined;
  return picked ?? fallback;
}

/** What "(none)" writes into the look: `none` only where a default would otherwise come back. */
export function noneFor(fallback: string | undefined): string | undefined {
  return fallback === undefined ? undefined : NO_COLUMN;
}

/** `incident_latitude` → [incident, latitude]; `stationZipCode` → [station, zip, code]. */
function nameWords(column: string): string[] {
  const last = column.split('.').pop() ?? column;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

const COORDINATE_WORDS = new Set(['lat', 'latitude', 'lon', 'lng', 'long', 'longitude', 'coordinate', 'coordinates']);
// Numbers that name or place something rather than measure it.
const LABEL_WORDS = new Set([
  'id',
  'ids',
  'code',
  'key',
  'zip',
  'zipcode',
  'postal',
  'postcode',
  'fips',
  'phone',
  'fax',
  'year',
  'no',
  'num',
  'x',
  'y',
  'z',
  'srid',
]);

/** Whether a numeric column's name says it is an amount (a count, a size, a price), not a coordinate, id or code. */
export function meansAnAmount(column: string): boolean {
  const words = nameWords(column);
  if (words.length === 0 || words.some((word) => COORDINATE_WORDS.has(word))) return false;
  return !LABEL_WORDS.has(words[words.length - 1]!);
}

/** `extra` columns the answer has, added after `columns` in order, each once. */
function withColumns(columns: readonly string[], extra: ReadonlyArray<string | undefined>, answerColumns: readonly string[]): string[] {
  const all = [...columns];
  for (const column of extra) if (column && !all.includes(column) && answerColumns.includes(column)) all.push(column);
  return all;
}

/** Colour choices: the choice columns, then the default and the current pick when they are not among them. */
export function colorChoices(
  choiceColumns: readonly string[],
  look: MapLook,
  fallback: string | undefined,
  answerColumns: readonly string[],
): string[] {
  return withColumns(choiceColumns, [fallback, chosenColumn(look.color, undefined)], answerColumns);
}

/** Size choices: the numeric columns that mean an amount, then the default and the current pick. */
export function sizeChoices(
  numberColumns: readonly string[],
  look: MapLook,
  fallback: string | undefined,
  answerColumns: readonly string[],
): string[] {
  return withColumns(numberColumns.filter(meansAnAmount), [fallback, chosenColumn(look.size, undefined)], answerColumns);
}
