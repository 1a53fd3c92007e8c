import type { TableFilters } from '../view-state.ts';
import type { FlatTable } from './flatten-records.ts';
import { activeFilters, describeFilter } from './filter-records.ts';

interface FilterStatusProps {
  table: FlatTable;
  filters: TableFilters | undefined;
  /** Records shown: undefined when no filter applies. */
  shownCount: number | undefined;
  /** Narrowings from outside the filters (the map's time window and area), each with a way to drop it. */
  scopeNotes?: ReadonlyArray<{ text: string; onRemove: () => void }>;
  onRemove: (column: string) => void;
  onClear: () => void;
}

/** How many records show, each active filter with a way to drop it, and "Clear filters". */
export function FilterStatus({ table, filters, shownCount, scopeNotes = [], onRemove, onClear }: FilterStatusProps) {
  const total = table.rows.length;
  const active = activeFilters(table, filters);
  return (
    <div className="filter-status">
      <span role="status" className="record-count">
        {shownCount === undefined
          ? `${total.toLocaleString('en-US')} ${total === 1 ? 'record' : 'records'}`
          : `Showing ${shownCount.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'record' : 'records'}`}
      </span>
      {scopeNotes.length > 0 && (
        <ul className="filter-chips" aria-label="Map filters">
          {scopeNotes.map((note) => (
            <li key={note.text}>
              <span>{note.text}</span>
              <button type="button" aria-label={`Remove filter: ${note.text}`} onClick={note.onRemove}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {active.length > 0 && (
        <>
          <ul className="filter-chips" aria-label="Active filters">
            {active.map(([column, filter]) => {
              const text = describeFilter(column, filter);
              return (
                <li key={column}>
                  <span>{text}</span>
                  <button type="button" aria-label={`Remove filter: ${text}`} onClick={() => onRemove(column)}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={onClear}>
            Clear filters
          </button>
        </>
      )}
    </div>
  );
}
