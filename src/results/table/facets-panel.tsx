import { useId, useMemo } from 'react';
import type { TableFilters } from '../view-state.ts';
import type { FlatTable } from './flatten-records.ts';
import { facetOf } from './facets.ts';
import { shownKey } from './choice-filter.tsx';

interface FacetsPanelProps {
  table: FlatTable;
  /** The faceted columns (unknown ones are left out). */
  facets: readonly string[] | undefined;
  filters: TableFilters | undefined;
  onFacetsChange: (facets: readonly string[] | undefined) => void;
  /** A value clicked: added to its column's "is one of", or taken out when it is in. */
  onToggleValue: (column: string, key: string) => void;
}

/** Datasette's facets: pick a column, read its most frequent values with counts, click one to filter by it. */
export function FacetsPanel({ table, facets, filters, onFacetsChange, onToggleValue }: FacetsPanelProps) {
  const pickerId = useId();
  const shown = (facets ?? []).filter((column) => table.columns.includes(column));
  const choosable = table.columns.filter((column) => !shown.includes(column));
  const remove = (column: string) => {
    const next = shown.filter((name) => name !== column);
    onFacetsChange(next.length > 0 ? next : undefined);
  };
  return (
    <section className="facets" aria-label="Facets">
      <div className="facets-picker">
        <label htmlFor={pickerId}>Facets</label>
        <select id={pickerId} value="" onChange={(event) => event.target.value && onFacetsChange([...shown, event.target.value])}>
          <option value="">Add a facet: pick a column…</option>
          {choosable.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </select>
      </div>
      {shown.length > 0 && (
        <div className="facet-list">
          {shown.map((column) => (
            <FacetBox
              key={column}
              table={table}
              column={column}
              filters={filters}
              onRemove={() => remove(column)}
              onToggleValue={onToggleValue}
            />
          ))}
        </div>
      )}
    </section>
  );
}

interface FacetBoxProps {
  table: FlatTable;
  column: string;
  filters: TableFilters | undefined;
  onRemove: () => void;
  onToggleValue: (column: string, key: string) => void;
}

function FacetBox({ table, column, filters, onRemove, onToggleValue }: FacetBoxProps) {
  const facet = useMemo(() => facetOf(table, column, filters), [table, column, filters]);
  const picked = new Set(filters?.[column]?.equals ?? []);
  return (
    <div className="facet" role="group" aria-label={`Facet: ${column}`}>
      <div className="facet-head">
        <h3>{column}</h3>
        <button type="button" className="facet-remove" aria-label={`Remove facet ${column}`} onClick={onRemove}>
          ×
        </button>
      </div>
      <ul>
        {facet.values.map(({ key, count }) => (
          <li key={key}>
            <button
              type="button"
              className="facet-value"
              aria-pressed={picked.has(key)}
              aria-label={`${column}: ${shownKey(key)}, ${count.toLocaleString('en-US')} ${count === 1 ? 'record' : 'records'}`}
              onClick={() => onToggleValue(column, key)}
            >
              <span className={key === '' ? 'facet-key empty-key' : 'facet-key'}>{shownKey(key)}</span>
              <span className="facet-count">{count.toLocaleString('en-US')}</span>
            </button>
          </li>
        ))}
      </ul>
      {facet.more > 0 && <p className="facet-more">and {facet.more.toLocaleString('en-US')} more</p>}
    </div>
  );
}
