// The results map's one line over the map: how many records it shows, or why it shows none.
import { plural } from '../lookups/adapters.ts';

/**
 * `mapped` records have a point, of `shown` the table's filters let through; `filteredFrom` is the
 * answer's record count when filters are on. No records at all is either a page that holds none
 * (past the last, or an empty answer) or filters that removed every one, and the line says which.
 */
export function mapSummary(mapped: number, shown: number, filteredFrom?: number): string {
  const filtered = filteredFrom !== undefined && filteredFrom > 0;
  if (shown === 0) return filtered ? `No records after these filters (0 of ${plural(filteredFrom, 'record')})` : 'No records on this page';
  const of = filtered ? ` (filtered: ${plural(shown, 'record')} of ${filteredFrom.toLocaleString('en-US')})` : '';
  return mapped > 0 ? `${plural(mapped, 'record')} on the map${of}` : `No record has coordinates to show${of}`;
}
