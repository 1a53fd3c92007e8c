// Records → flat rows for the table and the CSV export: nested objects become dot-path columns
// (`address.city`); an array is one cell, a short summary on screen and compact JSON in an export.
import type { Cell, FlatRow } from '../../lookups/flatten-record.ts';

export {
  type Cell,
  type FlatRow,
  type FlatTable,
  type FlattenOptions,
  type NestedCells,
  flattenRecord,
  flattenRecords,
  summariseArray,
} from '../../lookups/flatten-record.ts';

export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Numbers by value, everything else as text (numeric-aware); empty cells always last. */
export function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Row indices in display order; stable, and empty cells stay last in both directions. */
export function sortedOrder(rows: readonly FlatRow[], column: string | undefined, direction: SortDirection): number[] {
  const order = rows.map((_, index) => index);
  if (!column) return order;
  const sign = direction === 'ascending' ? 1 : -1;
  return order.sort((i, j) => {
    const a = rows[i]![column];
    const b = rows[j]![column];
    const aEmpty = a === null || a === undefined || a === '';
    const bEmpty = b === null || b === undefined || b === '';
    if (aEmpty || bEmpty) return compareCells(a, b) || i - j;
    return sign * compareCells(a, b) || i - j;
  });
}

export function cellText(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell);
}
