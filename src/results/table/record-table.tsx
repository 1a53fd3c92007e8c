import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { RecordSheet } from '../record-sheet.tsx';
import { RecordActions } from '../record-actions.tsx';
import type { RecordSelection } from '../slots.ts';
import type { TableView } from '../view-state.ts';
import { ColumnMenu } from './column-menu.tsx';
import { ExportControls } from './export-controls.tsx';
import { FacetsPanel } from './facets-panel.tsx';
import { inRange } from './cell-range.ts';
import { columnKinds, toggleEquals, withColumnFilter } from './filter-records.ts';
import { FilterRow } from './filter-row.tsx';
import { FilterStatus } from './filter-status.tsx';
import './filters.css';
import { cellText, flattenRecord } from './flatten-records.ts';
import { CUT_OFF_LENGTH, ExpandButton, type FullValue, FullValuePanel } from './full-value.tsx';
import { useCellSelection } from './use-cell-selection.ts';
import { type TableScope, useTableModel } from './use-table-model.ts';
import './cell-selection.css';

/** Fixed row height: cells never wrap, so the virtualiser never needs to measure. */
export const ROW_HEIGHT = 34;

interface RecordTableProps extends RecordSelection {
  records: readonly unknown[];
  /** File name stem for exports. */
  fileStem: string;
  /** Sort, columns, filters and facets when the caller keeps them (the page's URL); the table keeps its own otherwise. */
  view?: TableView;
  onViewChange?: (change: TableView) => void;
  /** The map's time window or area: the records they keep (in the answer's order) and how each reads, to drop it. */
  scope?: TableScope;
}

/**
 * The records as a sortable, filterable, virtualised table with facets, column choice, export
 * and selection; a single record reads as a field/value sheet, with a switch to the one-row table.
 */
export function RecordTable({ records, selectedIndex, onSelect, fileStem, view, onViewChange, scope }: RecordTableProps) {
  const model = useTableModel(records, view && onViewChange ? { view, onChange: onViewChange } : undefined, scope?.indices);
  const { table, visibleColumns, order, sort, filters, filtered } = model;
  const kinds = columnKinds(table);
  const setFilters = (next: typeof filters) => model.changeView({ filters: next });
  const [oneAsRow, setOneAsRow] = useState(false);
  const asSheet = records.length === 1 && !oneAsRow;
  const [fullValue, setFullValue] = useState<FullValue>();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualiser is meant to be read on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  // A row the keyboard moved to: focused once the virtualiser has rendered it.
  const pendingFocus = useRef<number>(undefined);
  const focusRow = (target: number) => {
    pendingFocus.current = target;
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };
  useEffect(() => {
    if (pendingFocus.current === undefined) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-position="${pendingFocus.current}"]`);
    if (!row) return;
    pendingFocus.current = undefined;
    row.focus({ preventScroll: true });
  });
  const cells = useCellSelection({ records, order, columns: visibleColumns, focusRow });
  const position = useMemo(() => (selectedIndex === undefined ? -1 : order.indexOf(selectedIndex)), [order, selectedIndex]);

  // A selection made elsewhere (the map, the own view) scrolls its row into view.
  useEffect(() => {
    if (position >= 0) virtualizer.scrollToIndex(position, { align: 'auto' });
  }, [position, virtualizer]);

  if (records.length === 0) {
    return (
      <div className="empty-state">
        <p>
          <strong>No records in this answer.</strong>
        </p>
        <p>The request succeeded but nothing matched. Widen the filters, or look at the Tree and Raw tabs for the whole body.</p>
      </div>
    );
  }

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const toggle = (index: number) => onSelect(index === selectedIndex ? undefined : index);
  const onRowKey = (event: KeyboardEvent, index: number, at: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Escape' && cells.range) cells.clear();
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(index);
    } else cells.onRowArrow(event, at);
  };

  return (
    <div className="record-table">
      <div className="table-toolbar">
        <FilterStatus
          table={table}
          filters={filters}
          shownCount={filtered?.length}
          scopeNotes={scope?.notes}
          onRemove={(column) => setFilters(withColumnFilter(filters, column, undefined))}
          onClear={() => setFilters(undefined)}
        />
        {records.length === 1 && (
          <button type="button" onClick={() => setOneAsRow(!oneAsRow)}>
            {asSheet ? 'Show as a table row' : 'Show as a field list'}
          </button>
        )}
        <ColumnMenu
          columns={model.columns}
          hidden={model.hiddenColumns}
          onChange={model.setColumnShown}
          onShowAll={model.showAll}
          exportVisibleOnly={model.exportChoice.visibleOnly}
          onExportVisibleOnly={(visibleOnly) => model.chooseExport({ visibleOnly })}
        />
        <ExportControls
          records={records}
          columnCount={table.columns.length}
          visibleColumns={visibleColumns}
          order={order}
          filtered={filtered}
          sorted={sort !== undefined}
          choice={model.exportChoice}
          onChoose={model.chooseExport}
          fileStem={fileStem}
        />
      </div>
      {fullValue && <FullValuePanel value={fullValue} onClose={() => setFullValue(undefined)} />}
      {!asSheet && (
        <FacetsPanel
          table={table}
          facets={model.facets}
          filters={filters}
          onFacetsChange={(facets) => model.changeView({ facets })}
          onToggleValue={(column, key) => setFilters(toggleEquals(filters, column, key))}
        />
      )}
      {asSheet ? (
        <RecordSheet record={records[0]} label="Record 1, every field" />
      ) : (
        <div
          ref={scrollRef}
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label="Records"
          onKeyDown={(event) => void cells.copy(event)}
        >
          <table aria-rowcount={order.length + 2} style={{ width: `${visibleColumns.length * 11 + 4}rem` }}>
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col" className="row-number">
                  #
                </th>
                {visibleColumns.map((column) => (
                  <th key={column} scope="col" aria-sort={sort?.column === column ? sort.direction : 'none'}>
                    <button type="button" onClick={() => model.toggleSort(column)} title={column}>
                      <span className="column-name">{column}</span>
                      <span aria-hidden="true">{sort?.column === column ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
              <FilterRow
                columns={visibleColumns}
                kinds={kinds}
                filters={filters}
                onChange={(column, filter) => setFilters(withColumnFilter(filters, column, filter))}
              />
            </thead>
            <tbody>
              {paddingTop > 0 && <tr aria-hidden="true" style={{ height: paddingTop }} />}
              {items.map((item) => {
                const index = order[item.index]!;
                const row = table.rows[index]!;
                const selected = index === selectedIndex;
                return (
                  <tr
                    key={index}
                    aria-rowindex={item.index + 3}
                    data-position={item.index}
                    aria-selected={selected}
                    className={selected ? 'selected' : undefined}
                    tabIndex={0}
                    onClick={() => {
                      if (!cells.clickMadeRange()) toggle(index);
                    }}
                    onKeyDown={(event) => onRowKey(event, index, item.index)}
                  >
                    <td className="row-number">{index + 1}</td>
                    {visibleColumns.map((column, columnIndex) => {
                      const text = cellText(row[column]);
                      const point = { position: item.index, column: columnIndex };
                      const rangeProps = {
                        onMouseDown: (event: MouseEvent<HTMLElement>) => cells.onCellMouseDown(event, point),
                        onMouseEnter: (event: MouseEvent) => cells.onCellMouseEnter(event, point),
                        'data-in-range': inRange(cells.bounds, item.index, columnIndex) || undefined,
                      };
                      if (text.length <= CUT_OFF_LENGTH)
                        return (
                          <td key={column} {...rangeProps}>
                            {text}
                          </td>
                        );
                      const open = (opener: HTMLElement) =>
                        setFullValue({
                          column,
                          row: index + 1,
                          text: cellText(flattenRecord(records[index], { nested: 'json' })[column]),
                          opener,
                        });
                      return (
                        <td key={column} title={text} className="cut-off" {...rangeProps}>
                          <span className="cell-text">{text}</span>
                          <ExpandButton column={column} row={index + 1} onOpen={open} />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
              {paddingBottom > 0 && <tr aria-hidden="true" style={{ height: paddingBottom }} />}
            </tbody>
          </table>
          {order.length === 0 && (
            <div className="empty-state filtered-empty">
              <p>
                <strong>No record matches the filters.</strong>
              </p>
              <button type="button" onClick={() => setFilters(undefined)}>
                Clear filters
              </button>
            </div>
          )}
        </div>
      )}
      {/* Under the table, not above it: the line appears with a selection, and must not move the
          row being clicked between the button's press and its release. */}
      {!asSheet && (
        <div className="cell-selection-bar">
          <span aria-live="polite" aria-atomic="true" className="cell-selection-status">
            {cells.describe()}
          </span>
          {selectedIndex !== undefined && records[selectedIndex] !== undefined && (
            <span className="row-actions" aria-label={`Row ${selectedIndex + 1}`} role="group">
              <RecordActions record={records[selectedIndex]} />
            </span>
          )}
          {cells.range && (
            <label>
              <input type="checkbox" checked={cells.withHeader} onChange={(event) => cells.setWithHeader(event.target.checked)} />
              Copy with column names
            </label>
          )}
        </div>
      )}
    </div>
  );
}
