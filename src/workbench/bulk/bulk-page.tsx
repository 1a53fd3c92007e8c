import type { ReactNode } from 'react';
import { plural } from '../../lookups/adapters.ts';
import type { LookupDefinition } from '../../lookups/define-lookup.ts';
import { readUrlQuery } from '../../form/url-state.ts';
import type { MapSlotProps } from '../../results/slots.ts';
import type { ViewChange, ViewState } from '../../results/view-state.ts';
import { BulkSetup } from './bulk-setup.tsx';
import { queriesWords, skippedWords } from './run-words.ts';
import { MergedResults } from './merged-results.tsx';
import { PastRuns } from './past-runs.tsx';
import { RunProgress } from './run-progress.tsx';
import { useBulkRuns } from './use-bulk-run.ts';
import { ServerRunButton } from './server-run.tsx';
import './bulk.css';

interface BulkPageProps {
  lookup: LookupDefinition;
  /** The lookup page's query string: the operation and the form's values (constants for unmapped parameters). */
  search: string;
  mask: boolean;
  renderMap?: ((props: MapSlotProps) => ReactNode) | undefined;
  /** The merged table's and map's view, kept in the page's URL. */
  view?: ViewState | undefined;
  onViewChange?: ((change: ViewChange) => void) | undefined;
}

/** "Run over a list": one lookup over every row of a file, merged into one dataset. */
export function BulkPage({ lookup, search, mask, renderMap, view, onViewChange }: BulkPageProps) {
  const { operation, values } = readUrlQuery(lookup, search);
  const bulk = useBulkRuns(lookup, operation);
  const { snapshot } = bulk;
  const runOperation = snapshot
    ? (lookup.operations.find((candidate) => candidate.id === snapshot.run.operationId) ?? operation)
    : operation;
  // The merged table shows whenever nothing is being sent (finished, paused, cancelled, or reopened)
  // and every finished row's output has come back from the merge worker.
  const stopped = snapshot?.progress !== undefined && snapshot.progress.state !== 'running';

  return (
    <div className="bulk-page">
      {bulk.error && <p role="alert">{bulk.error}</p>}
      {snapshot ? (
        <>
          <div className="bulk-run-head">
            <h2>
              Run over {snapshot.run.fileName} ({queriesWords(snapshot.run.jobCount)})
            </h2>
            <button type="button" onClick={bulk.closeRun} disabled={snapshot.progress?.state === 'running'}>
              New run
            </button>
          </div>
          {snapshot.run.skippedInvalid > 0 && <p>{skippedWords(snapshot.run.skippedInvalid)}</p>}
          {snapshot.progress && (
            <RunProgress
              progress={snapshot.progress}
              total={snapshot.run.jobCount}
              concurrency={snapshot.run.concurrency}
              onConcurrency={(value) => bulk.session?.setConcurrency(value)}
              onPause={() => bulk.session?.pause()}
              onResume={() => bulk.session?.resume()}
              onCancel={() => void bulk.session?.cancel()}
            />
          )}
          {stopped && snapshot.merged ? (
            <MergedResults
              lookup={lookup}
              operation={runOperation}
              columns={snapshot.run.columns}
              rows={snapshot.rows}
              jobs={snapshot.jobs}
              masked={snapshot.run.mask}
              renderMap={renderMap}
              view={view}
              onViewChange={onViewChange}
              onRerunFailed={() => void bulk.session?.rerunFailed()}
            />
          ) : (
            <p className="bulk-muted">
              {plural(snapshot.rowCount, 'output row')} so far.{' '}
              {stopped ? 'Merging the last answers…' : 'The merged table shows when the run finishes or is paused.'}
            </p>
          )}
        </>
      ) : bulk.ready ? (
        <ServerRunButton lookup={lookup} operation={operation} mask={mask}>
          {(onRunOnServer) => (
            <BulkSetup
              lookupId={lookup.id}
              operation={operation}
              formValues={values}
              mask={mask}
              merger={bulk.merger}
              onStart={(run, jobs) => void bulk.startRun(run, jobs)}
              onRunOnServer={onRunOnServer}
            />
          )}
        </ServerRunButton>
      ) : (
        <p role="status">Loading…</p>
      )}
      <PastRuns
        runs={bulk.runs}
        currentId={snapshot?.run.id}
        onOpen={(run) => void bulk.reopen(run)}
        onDelete={(run) => void bulk.remove(run)}
      />
    </div>
  );
}
