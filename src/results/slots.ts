// Props of the views the result viewer hosts but does not own: the map (src/map/, lazy) and a
// lookup's own domain view (src/views/). The app passes them in, so results/ never imports either.
import type { Answer } from '../lookups/answer.ts';
import type { ReactNode } from 'react';
import type { GeoPoint, LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';

export interface RecordSelection {
  /** Index into `records` of the selected record, shared by table, map and own view. */
  selectedIndex: number | undefined;
  onSelect: (index: number | undefined) => void;
}

export interface MapSlotProps extends RecordSelection {
  lookup: LookupDefinition;
  operation: Operation;
  /** The parameters the records answer (draws B's/L's/M's search circle). */
  params: Params;
  /**
   * The interpreter's records (the operation's `records` adapter) that the table's filters let
   * through; points come from its `point` adapter. Indices (`selectedIndex`, `onSelect`,
   * `onOpenTable`) are positions in this array.
   */
  records: readonly unknown[];
  /** Set when `records` are filtered: the answer's record count (the GeoJSON export says so). */
  filteredFrom?: number;
  /** Whether personal data was masked; `records` are already masked when it was. */
  masked: boolean;
  /** Selects the record and switches the viewer to its Table tab (the popup's "Show in table"). */
  onOpenTable: (index: number) => void;
}

/** The SQL tab (src/sql/, lazy): the answer's records as the table `answer`. */
export interface SqlSlotProps {
  /** The interpreter's records, masked when masking applied. */
  records: readonly unknown[];
  /** Whether the records show personal data unmasked. */
  unmasked: boolean;
  /** Whether masking is on now (tables holding unmasked data are dropped then). */
  maskingOn: boolean;
  /** The query in the URL; undefined: none yet. */
  sql: string | undefined;
  onSqlChange: (sql: string) => void;
  fileStem: string;
  /** Draws result rows on the answer's map (when the answer has one), each row's point read by `point`. */
  renderMap?: (rows: readonly unknown[], point: (row: unknown) => GeoPoint | undefined) => ReactNode;
}

export interface OwnViewProps extends RecordSelection {
  lookup: LookupDefinition;
  operation: Operation;
  params: Params;
  /**
   * The interpreted answer: `body` (masked when masking applied), `records`, `verdict`; a view of
   * one lookup reads its typed body with `typedBody(answer, itsResponseSchema)`.
   */
  answer: Answer;
}
