// A long list of saved queries (the Saved page may hold 100,000), virtualised: only the rows in view
// (and a few either side) are rendered, each measured once it is. Its own module, loaded lazily, so
// the virtualiser stays off the pages whose lists are short (the catalog's and a lookup page's).
import { useRef, type ReactNode } from 'react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import type { SavedQuery } from './saved-store.ts';

/** One row of the list: a collection's heading, or a query with its place among the queries. */
export type Row = { kind: 'heading'; collection: string; queries: SavedQuery[] } | { kind: 'query'; query: SavedQuery; position: number };

/** A row's height before it is measured (a query with its values and buttons). */
const ROW_ESTIMATE = 72;

/** The rows in view (and a few either side) of a scrolling box; each row is measured once rendered. */
export default function VirtualRows({
  rows,
  label,
  count,
  render,
}: {
  rows: readonly Row[];
  label: string;
  count: number;
  render: (row: Row) => ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualiser is meant to be read on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => {
      const row = rows[index]!;
      return row.kind === 'heading' ? `collection:${row.collection}` : row.query.id;
    },
    // A row not laid out (a hidden tab) measures 0: it keeps its estimate rather than pull every row in.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ROW_ESTIMATE,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scrollRef} className="saved-scroll" tabIndex={0} role="region" aria-label={label}>
      <div role="list" style={{ paddingTop, paddingBottom }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              className="saved-virtual-row"
              {...(row.kind === 'query' && { 'aria-posinset': row.position, 'aria-setsize': count })}
            >
              {row.kind === 'query' ? <div className="saved-item">{render(row)}</div> : render(row)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
