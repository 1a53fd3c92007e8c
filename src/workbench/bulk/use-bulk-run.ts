// React's hold on bulk runs for one lookup: the merge worker, the stored runs, the session being
// shown, and the run a reload interrupted (resumed on its own, without sending any row twice).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { findOperation } from '../../lookups/define-lookup.ts';
import { BulkSession, type SessionSnapshot } from './bulk-session.ts';
import { createMergeClient, type MergeClient } from './merge-client.ts';
import {
  type BulkDb,
  createRun,
  deleteRun,
  type JobRecord,
  listRuns,
  openBulkDb,
  type RunRecord,
  sweepAbandonedRuns,
} from './run-store.ts';
import type { Job } from './validate-rows.ts';

export type NewRun = Omit<RunRecord, 'id' | 'lookupId' | 'operationId' | 'createdAt' | 'jobCount' | 'state'>;

const NO_SESSION = () => () => {};
const noSnapshot = () => undefined;

export function useBulkRuns(lookup: AnyLookup, operation: AnyOperation) {
  const [merger] = useState<MergeClient>(() => createMergeClient());
  const [db, setDb] = useState<BulkDb>();
  const [runs, setRuns] = useState<RunRecord[]>([]);
  const [session, setSession] = useState<BulkSession>();
  const [error, setError] = useState<string>();
  const resumed = useRef(false);

  useEffect(() => () => merger.close(), [merger]);

  const refresh = useCallback(async (database: BulkDb) => setRuns(await listRuns(database, lookup.id)), [lookup.id]);

  const show = useCallback(
    async (database: BulkDb, run: RunRecord, autostart: boolean) => {
      const runOperation = findOperation(lookup, run.operationId);
      const next = new BulkSession(database, run, lookup, runOperation, merger);
      setSession((current) => {
        current?.close();
        return next;
      });
      const pending = await next.open();
      if (autostart && pending.length > 0) next.start(pending);
    },
    [lookup, merger],
  );

  // Open the database; a run left "running" (the page was reloaded or closed) resumes by itself.
  useEffect(() => {
    let live = true;
    openBulkDb()
      .then(async (database) => {
        if (!live) return;
        setDb(database);
        // Rows a closed tab left while storing a run: nobody else will ever delete them.
        await sweepAbandonedRuns(database);
        const stored = await listRuns(database, lookup.id);
        if (!live) return;
        setRuns(stored);
        const interrupted = stored.find((run) => run.state === 'running');
        if (interrupted && !resumed.current) {
          resumed.current = true;
          await show(database, interrupted, true);
        }
      })
      .catch((reason: unknown) => setError(`Bulk runs cannot be stored in this browser (${String(reason)}).`));
    return () => {
      live = false;
    };
  }, [lookup.id, show]);

  const startRun = useCallback(
    async (spec: NewRun, jobs: readonly Job[]) => {
      if (!db) return;
      const run: RunRecord = {
        ...spec,
        id: crypto.randomUUID(),
        lookupId: lookup.id,
        operationId: operation.id,
        createdAt: Date.now(),
        jobCount: jobs.length,
        state: 'running',
      };
      const records: JobRecord[] = jobs.map((job) => ({
        runId: run.id,
        index: job.index,
        params: job.params,
        input: job.input,
        rows: job.rows,
        state: 'pending',
      }));
      await createRun(db, run, records);
      await refresh(db);
      await show(db, run, true);
    },
    [db, lookup.id, operation.id, refresh, show],
  );

  const reopen = useCallback(async (run: RunRecord) => db && show(db, run, false), [db, show]);

  const remove = useCallback(
    async (run: RunRecord) => {
      if (!db) return;
      if (session?.getSnapshot().run.id === run.id) {
        session.close();
        setSession(undefined);
      }
      await deleteRun(db, run.id);
      await refresh(db);
    },
    [db, refresh, session],
  );

  const snapshot: SessionSnapshot | undefined = useSyncExternalStore(session?.subscribe ?? NO_SESSION, session?.getSnapshot ?? noSnapshot);
  const runState = snapshot?.run.state;
  // The list of past runs follows the state of the one shown.
  useEffect(() => {
    if (db && runState) void listRuns(db, lookup.id).then(setRuns);
  }, [db, runState, lookup.id]);

  return {
    ready: db !== undefined,
    error,
    runs,
    session,
    snapshot,
    merger,
    startRun,
    reopen,
    remove,
    closeRun: () => setSession(undefined),
  };
}
