// How a value of a diff reads in a table cell: text as it is, anything else as compact JSON, an
// absent value as a dash; long values are cut (the cell's title holds the whole text).
const LIMIT = 200;

export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value) ?? String(value);
}

export function shortValueText(value: unknown): string {
  const text = valueText(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT - 1)}…` : text;
}
