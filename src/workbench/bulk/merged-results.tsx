import { type ReactNode, useMemo, useState } from 'react';
import type { AnyLookup, AnyOperation, Operation } from '../../lookups/define-lookup.ts';
import { RecordTable } from '../../results/table-component.ts';
import { ResultTabs } from '../../results/result-tabs.tsx';
import type { MapSlotProps } from '../../results/slots.ts';
import { useMapAnalysis } from '../../results/use-map-analysis.ts';
import { applyViewChange, tableViewOf, type ViewChange, type ViewState } from '../../results/view-state.ts';
import { downloadText, exportStem } from '../../results/download.ts';
import { failedRowsCsv } from './failed-rows.ts';
import { type MergedRow, originalRecord } from './merge.ts';
// The table's own look, above all its bounded scroll box: without it the virtualiser has no
// viewport and renders every one of 200,000 rows.
import '../../results/results.css';
import type { JobRecord } from './run-store.ts';

interface MergedResultsProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  columns: readonly string[];
  rows: readonly MergedRow[];
  jobs: readonly JobRecord[];
  masked: boolean;
  renderMap?: ((props: MapSlotProps) => ReactNode) | undefined;
  onRerunFailed: () => void;
  /** The table's and the map's view (filters, colour, time window, area) when the page keeps it in its URL; else kept here. */
  view?: ViewState | undefined;
  onViewChange?: ((change: ViewChange) => void) | undefined;
}

/**
 * The operation as the map sees merged rows: its point and label adapters read each row's own
 * answer record, so every coordinate of every row is drawn (clustered by the map).
 */
function mergedOperation(operation: Operation, columns: readonly string[]): Operation {
  const { point, label } = operation.adapters ?? {};
  return {
    ...operation,
    locationSearch: undefined,
    adapters: {
      ...operation.adapters,
      ...(point && {
        point: (row: unknown) => {
          const record = originalRecord(row as MergedRow, columns);
          return record && point(record);
        },
      }),
      ...(label && {
        label: (row: unknown) => {
          const record = originalRecord(row as MergedRow, columns);
          return record ? label(record) : '';
        },
      }),
    },
  };
}

/** The run's one dataset: input columns, status and answer fields, as a table and a map, with exports. */
export function MergedResults({ lookup, operation, columns, rows, jobs, masked, renderMap, onRerunFailed, ...props }: MergedResultsProps) {
  const [tab, setTab] = useState<'table' | 'map'>('table');
  const [chosen, onSelect] = useState<number>();
  const mapOperation = useMemo(() => mergedOperation(operation, columns), [operation, columns]);
  const [ownView, setOwnView] = useState<ViewState>({});
  const view = props.view ?? ownView;
  const onViewChange = props.onViewChange ?? ((change: ViewChange) => setOwnView((current) => applyViewChange(current, change)));
  // The map's analysis as on a lookup's answer: colour, time window, area, and the table's filters.
  const analysis = useMapAnalysis({ operation: mapOperation, records: rows, view, onViewChange, demo: false });
  const shownSet = useMemo(() => (analysis.shown ? new Set(analysis.shown) : undefined), [analysis.shown]);
  const selectedIndex = chosen !== undefined && shownSet && !shownSet.has(chosen) ? undefined : chosen;
  const failed = jobs.filter((job) => job.state === 'failed').length;
  const stem = `${exportStem(lookup.slug, operation.id)}-bulk`;
  const showMap = renderMap !== undefined && operation.adapters?.point !== undefined;
  const table = () => (
    <RecordTable
      records={rows}
      fileStem={stem}
      selectedIndex={selectedIndex}
      onSelect={onSelect}
      view={tableViewOf(view)}
      onViewChange={onViewChange}
      scope={analysis.tableScope}
    />
  );

  return (
    <section className="bulk-results" aria-label="Merged results">
      {failed > 0 && (
        <div className="bulk-results-bar">
          <button type="button" onClick={onRerunFailed}>
            Re-run {failed === 1 ? 'the failed row' : `the ${failed} failed rows`}
          </button>
          <button type="button" onClick={() => downloadText(`${stem}-failed.csv`, failedRowsCsv(jobs, columns), 'text/csv;charset=utf-8')}>
            Download failed rows (CSV)
          </button>
        </div>
      )}
      {showMap && renderMap ? (
        // The result viewer's own tabs (a tablist: arrows, Home and End), so Table and Map behave alike everywhere.
        <ResultTabs
          tabs={[
            { id: 'table', label: 'Table', render: table },
            {
              id: 'map',
              label: 'Map',
              render: () =>
                renderMap({
                  lookup: lookup as MapSlotProps['lookup'],
                  operation: mapOperation,
                  params: {},
                  records: rows,
                  shown: analysis.shown,
                  analysis: analysis.mapAnalysis,
                  masked,
                  selectedIndex,
                  onSelect,
                  onOpenTable: (index) => {
                    onSelect(index);
                    setTab('table');
                  },
                }),
            },
          ]}
          active={tab}
          onChange={(next) => setTab(next === 'map' ? 'map' : 'table')}
          resetKey={rows}
        />
      ) : (
        table()
      )}
    </section>
  );
}
