// What the page hands the result viewer, in a module of its own so the viewer's parts can name it
// without importing the viewer (no import cycle).
import type { ReactNode } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import type { Answer } from '../lookups/answer.ts';
import type { OutOfDate } from './out-of-date-marker.tsx';
import type { MapSlotProps, OwnViewProps, SqlSlotProps } from './slots.ts';
import type { ViewChange, ViewState } from './view-state.ts';

export interface ResultViewerProps {
  lookup: LookupDefinition;
  operation: Operation;
  /** The parameters that were sent. */
  params: Params;
  /** Undefined while the first request runs and when `error` is set. */
  response: LookupResponse | undefined;
  error: unknown;
  isFetching: boolean;
  onNavigate: (params: Params) => void;
  onRetry: () => void;
  /** Asks again past the server's answer cache (offered on an answer that came from it). */
  onFetchFresh?: (() => void) | undefined;
  renderMap?: (props: MapSlotProps) => ReactNode | undefined;
  renderOwnView?: (props: OwnViewProps) => ReactNode | undefined;
  /** The SQL tab beside Table (src/sql/, loaded when the tab opens). */
  renderSql?: (props: SqlSlotProps) => ReactNode;
  masked: boolean;
  /** How the answer is viewed (the page keeps it in the URL); the viewer keeps its own when not given. */
  view?: ViewState;
  onViewChange?: (change: ViewChange) => void;
  /** What the page offers on one record (the "Look up…" menu): in the table, the record sheet and the map's popup. */
  renderRecordActions?: (record: unknown) => ReactNode;
  /** What the page offers on the answer: its records with the table's filters applied ("Run over these results"), the response and its reading (the evidence pack). */
  renderAnswerActions?: (shown: { records: readonly unknown[]; response: LookupResponse; answer: Answer }) => ReactNode;
  /** Set when the answer shown no longer answers the form: shows the out-of-date marker over it. */
  outOfDate?: OutOfDate;
}
