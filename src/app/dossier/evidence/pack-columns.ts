// The columns of a many-record answer that the evidence pack's "first rows" table shows: the few
// that describe a record (what, when, where in words), never coordinates or ids, so the table fits
// a printed page. The whole record is in the ZIP; the pack is for reading.

const PLACE_OR_ID =
  /(?:^|[._])(?:lat|lng|lon|latitude|longitude|coords?|id|ids|key|uuid|fips|geohash|url|href|image|photo|thumbnail)$|_id$|_key$|_url$/i;
const TELLING =
  /offen[cs]e|type|category|kind|class|description|status|crime|nature|reason|name|title|address|street|city|date|time|price|value|amount|distance/i;
/** Values longer than this on average are prose: they would swallow the table. */
const MAX_AVERAGE_LENGTH = 80;

function text(value: unknown): string {
  return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Up to `most` columns, in the view's order: filled in most rows, short, descriptive names first. */
export function packColumns(columns: readonly string[], rows: readonly Readonly<Record<string, unknown>>[], most = 5): string[] {
  const scored = columns.flatMap((column, order) => {
    if (PLACE_OR_ID.test(column)) return [];
    const values = rows.map((row) => text(row[column])).filter((value) => value !== '');
    if (values.length < rows.length / 2) return [];
    const average = values.reduce((sum, value) => sum + value.length, 0) / values.length;
    if (average > MAX_AVERAGE_LENGTH) return [];
    const distinct = new Set(values).size;
    // A column with one value for every record says nothing about any one of them.
    if (distinct < 2 && rows.length > 1) return [];
    return [{ column, order, score: (TELLING.test(column) ? 10 : 0) + Math.min(distinct, 5) }];
  });
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, most)
    .sort((a, b) => a.order - b.order);
  return chosen.map(({ column }) => column);
}
