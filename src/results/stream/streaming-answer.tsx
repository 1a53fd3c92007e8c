import { useState, useSyncExternalStore } from 'react';
import type { LiveAnswer } from '../../api/answer-stream.ts';
import { RecordTable } from '../table/record-table.tsx';
import type { ViewChange, ViewState } from '../view-state.ts';
import { StreamProgressLine } from './stream-progress.tsx';

interface StreamingAnswerProps {
  live: LiveAnswer;
  fileStem: string;
  view: ViewState;
  onViewChange: (change: ViewChange) => void;
}

/**
 * A big answer while it arrives: the progress with Stop, and the table of the records so far (the
 * table is virtualised and takes each snapshot with its rows already flat). The answer's other tabs
 * come when it is complete, or stopped.
 */
export function StreamingAnswer({ live, fileStem, view, onViewChange }: StreamingAnswerProps) {
  const snapshot = useSyncExternalStore(live.subscribe, live.current);
  const [selected, setSelected] = useState<number>();
  // Sorting is left for the complete answer: re-sorting every snapshot would hold up the page.
  const tableView = { columns: view.columns, filters: view.filters, facets: view.facets, sort: undefined };
  return (
    <div className="streaming-answer">
      <StreamProgressLine progress={snapshot.progress} stopping={snapshot.stopping} onStop={live.stop} />
      {snapshot.records.length === 0 ? (
        <p className="muted">Waiting for the first records…</p>
      ) : (
        <RecordTable
          records={snapshot.records}
          selectedIndex={selected}
          onSelect={setSelected}
          fileStem={fileStem}
          view={tableView}
          onViewChange={onViewChange}
        />
      )}
    </div>
  );
}
