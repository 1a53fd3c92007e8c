// What changed between a watch's two runs: every answer record of each run (all rows), matched by
// the operation's identity with the Compare engine (lookups/answer-diff.ts), summed up as labels.
import { diffRecords } from '../../lookups/answer-diff.ts';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { answerRecords } from '../../lookups/merged-rows.ts';
import { describeIdentity } from '../../lookups/record-identity.ts';
import type { JobFacts, JobStore } from './job-store.ts';
import type { WatchChange } from './watch-store.ts';

/** At most this many labels of each kind in a summary (the counts are whole). */
const LISTED = 20;

export async function runRecords(store: JobStore, job: JobFacts, lookup: AnyLookup, operation: AnyOperation): Promise<unknown[]> {
  const records: unknown[] = [];
  for (let chunk = 0; chunk < job.chunks; chunk++) {
    const [rows, results] = await Promise.all([store.rows(job.id, chunk), store.results(job.id, chunk)]);
    rows.forEach((input, offset) => {
      const result = results.get(chunk * job.chunkSize + offset);
      if (result?.s === 'ok' && result.t !== undefined)
        records.push(...answerRecords(lookup, operation, input, result.t, result.m, job.mask));
    });
  }
  return records;
}

export async function compareRuns(
  store: JobStore,
  current: JobFacts,
  previous: JobFacts | undefined,
  lookup: AnyLookup,
  operation: AnyOperation,
): Promise<WatchChange> {
  const after = await runRecords(store, current, lookup, operation);
  const ranAt = new Date(current.finishedAt ?? Date.now()).toISOString();
  if (!previous)
    return {
      job: current.id,
      previousJob: null,
      ranAt,
      baseline: true,
      records: after.length,
      counts: { added: 0, removed: 0, changed: 0, unchanged: after.length },
      added: [],
      removed: [],
      changed: [],
    };
  const before = await runRecords(store, previous, lookup, operation);
  const diff = diffRecords(before, after, {
    identity: operation.identity,
    label: operation.adapters?.label,
    identityName: describeIdentity(operation),
    masked: current.mask,
  });
  return {
    job: current.id,
    previousJob: previous.id,
    ranAt,
    baseline: false,
    records: after.length,
    counts: diff.counts,
    added: diff.added.slice(0, LISTED).map((entry) => entry.label),
    removed: diff.removed.slice(0, LISTED).map((entry) => entry.label),
    changed: diff.changed.slice(0, LISTED).map((entry) => ({ label: entry.label, fields: entry.fields.map((field) => field.path) })),
  };
}
