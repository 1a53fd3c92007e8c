// Readable table names for the SQL engine: an answer is `<lookup>_<yyyymmdd>_<hhmm>` (when it was
// sent, local time), a bulk dataset `bulk_<file name>`, the answer on screen `answer`. Names are
// plain lower-case SQL identifiers, so nobody has to quote them.

/** The table every answer's SQL tab queries. */
export const ANSWER_TABLE = 'answer';

/** The /sql page's table of tables: each one's name and what it holds in words. */
export const TABLES_TABLE = 'tables';

/** Text as an identifier part: lower case, anything but letters and digits as `_`, never empty. */
export function identifierPart(text: string): string {
  const part = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return part === '' ? 'table' : part;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `l_20261125_1432` for an answer of lookup `l` sent at 14:32 on 25 November 2026 (local time). */
export function answerTableName(lookupId: string, sentAt: number): string {
  const when = new Date(sentAt);
  const day = `${when.getFullYear()}${two(when.getMonth() + 1)}${two(when.getDate())}`;
  return `${identifierPart(lookupId)}_${day}_${two(when.getHours())}${two(when.getMinutes())}`;
}

/** `current_b` for the answer open on lookup `b`'s page. */
export function currentTableName(lookupId: string): string {
  return `current_${identifierPart(lookupId)}`;
}

/** `bulk_zips` for a bulk run over `zips.csv`. */
export function bulkTableName(fileName: string): string {
  return `bulk_${identifierPart(fileName.replace(/\.[^.]*$/, ''))}`;
}

/** The names made distinct in order: a second `l_20261125_1432` becomes `l_20261125_1432_2`. */
export function distinctNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let count = 2; taken.has(candidate); count += 1) candidate = `${name}_${count}`;
    taken.add(candidate);
    return candidate;
  });
}
