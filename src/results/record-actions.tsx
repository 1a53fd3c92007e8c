// What the page offers on one record (the "Look up…" menu): a render function the page provides
// once, shown by the table's selected row, the record sheet and the map's popup, which would
// otherwise each need the lookup, the operation and the page's URL codec handed down.
import { createContext, useContext, type ReactNode } from 'react';

export type RenderRecordActions = (record: unknown) => ReactNode;

export const RecordActionsContext = createContext<RenderRecordActions | undefined>(undefined);

/** The page's actions for one record; nothing where the page offers none. */
export function RecordActions({ record }: { record: unknown }) {
  const render = useContext(RecordActionsContext);
  return render && record !== undefined ? <>{render(record)}</> : null;
}
