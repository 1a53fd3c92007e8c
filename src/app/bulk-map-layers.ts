// Bulk runs as map layers (`layers=run-<id>`, issue 24): a finished, paused or cancelled run of a
// lookup with coordinates joins another answer's map with every row's records, read from the run's
// stored answers by the lookup's own interpreter (as the merged results are). The run store is
// loaded only when a map asks.
import { findOperation, type Operation } from '../lookups/define-lookup.ts';
import { answerRecords } from '../lookups/merged-rows.ts';
import { lookups, type LookupId } from '../lookups/registry.ts';
import type { ExtraMapLayer } from '../results/slots.ts';
import { formatSentAt } from '../workbench/history/history-format.ts';
import type { RunRecord } from '../workbench/bulk/run-store.ts';

/** A run's id in `layers=`, apart from History's ids. */
export const RUN_LAYER_PREFIX = 'run-';
const runStore = () => import('../workbench/bulk/run-store.ts');

export const isRunLayer = (id: string) => id.startsWith(RUN_LAYER_PREFIX);

function titleOf(run: RunRecord): string {
  return `${run.lookupId}. ${lookups[run.lookupId as LookupId].title}, run over ${run.fileName} (${run.jobCount.toLocaleString('en-US')} queries), ${formatSentAt(run.createdAt)}`;
}

function operationOf(run: RunRecord): Operation | undefined {
  const lookup = lookups[run.lookupId as LookupId];
  if (!lookup) return undefined;
  const operation: Operation = findOperation(lookup, run.operationId);
  return operation.adapters?.point ? operation : undefined;
}

/** Runs that may be added as a layer: stopped (nothing still being sent) and with coordinates. */
export async function runLayerChoices(): Promise<Array<{ id: string; title: string }>> {
  const store = await runStore();
  const runs = await store.listAllRuns(await store.openBulkDb());
  return runs
    .filter((run) => run.state !== 'running' && operationOf(run))
    .map((run) => ({ id: `${RUN_LAYER_PREFIX}${run.id}`, title: titleOf(run) }));
}

/** The run named by a `layers=` id as a layer of all its rows' records; undefined when it is gone. */
export async function runLayer(id: string, masked: boolean): Promise<ExtraMapLayer | undefined> {
  const store = await runStore();
  const db = await store.openBulkDb();
  const run = await store.getRun(db, id.slice(RUN_LAYER_PREFIX.length));
  const operation = run && operationOf(run);
  if (!run || !operation) return undefined;
  const lookup = lookups[run.lookupId as LookupId];
  const [jobs, answers] = await Promise.all([store.getJobs(db, run.id), store.getAnswers(db, run.id)]);
  // Only rows that were answered: a failed row's stored body is an error, not records.
  const paramsOf = new Map(jobs.filter((job) => job.state === 'ok').map((job) => [job.index, job.params]));
  const records = answers.flatMap((answer) => {
    const params = paramsOf.get(answer.index);
    return params ? answerRecords(lookup, operation, params, answer.text, answer.maskedHeader, masked || run.mask) : [];
  });
  return { id, title: titleOf(run), operation, records };
}
