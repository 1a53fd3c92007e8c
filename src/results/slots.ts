// Props of the views the result viewer hosts but does not own: the map (src/map/, lazy) and a
// lookup's own domain view (src/views/). The app passes them in, so results/ never imports either.
import type { Answer } from '../lookups/answer.ts';
import type { ReactNode } from 'react';
import type { GeoPoint, LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import type { MapLegend } from './map-legend.ts';
import type { MapLook } from './view-state.ts';

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
   * The answer's records, every one (the interpreter's, from the operation's `records` adapter);
   * points come from its `point` adapter. Indices (`selectedIndex`, `onSelect`, `onOpenTable`,
   * the analysis' per-record arrays) are positions in this array.
   */
  records: readonly unknown[];
  /**
   * Positions in `records` of those shown, ascending, when the table's filters, the time window
   * or the area narrow them; undefined: every record. The map draws only these, but its clusters
   * are built once for all (a brush move does not rebuild them).
   */
  shown?: readonly number[] | undefined;
  /** Whether personal data was masked; `records` are already masked when it was. */
  masked: boolean;
  /** Selects the record and switches the viewer to its Table tab (the popup's "Show in table"). */
  onOpenTable: (index: number) => void;
  /** Sends the query again with these form values (the map's "Search this area"); the view is kept. */
  onSearchValues?: (values: Readonly<Record<string, string>>) => void;
  /** The map's analysis: colour, size, layer, time window, area, extra layers (in the URL), and what it filters. */
  analysis?: MapAnalysis;
}

/** Another answer drawn on the same map (`layers=`): the app finds it (History), the map draws it. */
export interface ExtraMapLayer {
  /** The history entry's id, as written in `layers=`. */
  id: string;
  /** What the layer is called in its legend and toggle ("L. Crime incidents, 12 Mar 14:02"). */
  title: string;
  operation: Operation;
  records: readonly unknown[];
}

/** A layer `layers=` names that cannot be drawn, and why (said in the map, not silently dropped). */
export interface LayerNotice {
  id: string;
  message: string;
}

export interface MapAnalysis {
  look: MapLook;
  /** Changes part of the look (a key set to undefined drops it). */
  onLookChange: (change: Partial<MapLook>) => void;
  /** The colour column's categories; undefined when nothing colours the points. */
  legend?: MapLegend;
  /** Each record's colour slot (its legend entry's position; LEGEND_SIZE for the rest), by index in `records`. */
  categories?: Uint8Array;
  /** Picks or unpicks a category, as a facet click does (the table and exports follow). */
  onToggleCategory: (key: string) => void;
  /** Each record's size value, by index in `records`, when a size column is chosen. */
  sizes?: Float64Array;
  /** Every record of the answer's time in ms (NaN: none), before the time window: the histogram's data. */
  times?: Float64Array;
  /** Columns the look may colour or size by. */
  categoryColumns: readonly string[];
  numberColumns: readonly string[];
  /** Other answers to draw as layers (`layers=`), and those that may be added. */
  extraLayers?: readonly ExtraMapLayer[];
  layerChoices?: ReadonlyArray<{ id: string; title: string }>;
  /** Layers named in `layers=` that cannot be drawn here (another browser's, a deleted snapshot). */
  layerNotices?: readonly LayerNotice[];
  /** The answer came from the demo world: its streets may be drawn where tiles are missing. */
  demo: boolean;
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
  /** The loud label while `answer` holds part of a paged answer ("page 1 of 3 (50 of 145 records) — Fetch all"). */
  partial?: ReactNode;
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
