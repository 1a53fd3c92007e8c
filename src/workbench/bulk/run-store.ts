// A bulk run kept in IndexedDB (database `lookup-explorer-bulk`), so a reload or a closed tab
// resumes it and a past run reopens with its file, mapping and settings. Rows and answers are apart:
// the row list stays light to read, the answers (the bodies) are read by the merge worker only.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Params } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import type { ColumnMapping } from './column-mapping.ts';

export const BULK_DB_NAME = 'lookup-explorer-bulk';

export type RunState = 'running' | 'paused' | 'cancelled' | 'finished';
export type RowState = 'pending' | 'in-flight' | 'ok' | 'empty' | 'failed';

export interface RunRecord {
  id: string;
  lookupId: string;
  operationId: string;
  createdAt: number;
  fileName: string;
  /** The input file as text: the run can be reproduced from it. */
  inputText: string;
  columns: string[];
  mapping: ColumnMapping;
  constants: FormValues;
  concurrency: number;
  /** Whether the personal data of the answers was to be masked. */
  mask: boolean;
  skippedInvalid: number;
  duplicates: number;
  jobCount: number;
  state: RunState;
  /** Set while the run's rows are being stored: the run is not listed, and is swept if left so. */
  storing?: true;
}

export interface JobRecord {
  runId: string;
  index: number;
  params: Params;
  input: Record<string, string>;
  rows: string[];
  state: RowState;
  reason?: string;
  recordCount?: number;
}

export interface AnswerRecord {
  runId: string;
  index: number;
  /** The body as received (masked by the proxy when masking was on). */
  text: string;
  /** The answer's `x-lookup-masked` header. */
  maskedHeader: string | undefined;
}

interface BulkSchema extends DBSchema {
  runs: { key: string; value: RunRecord };
  jobs: { key: [string, number]; value: JobRecord; indexes: { byRun: string } };
  answers: { key: [string, number]; value: AnswerRecord; indexes: { byRun: string } };
}

export type BulkDb = IDBPDatabase<BulkSchema>;

let opening: Promise<BulkDb> | undefined;

export function openBulkDb(): Promise<BulkDb> {
  opening ??= openDB<BulkSchema>(BULK_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('runs', { keyPath: 'id' });
      db.createObjectStore('jobs', { keyPath: ['runId', 'index'] }).createIndex('byRun', 'runId');
      db.createObjectStore('answers', { keyPath: ['runId', 'index'] }).createIndex('byRun', 'runId');
    },
  });
  return opening;
}

/**
 * Rows per transaction when a run is stored. Each put is a structured clone on the main thread:
 * 10,000 rows in one transaction were a task of about a second, 500 were 100-170 ms (Start's
 * click, in a trace of 1,000 rows), 100 keep each task near 20 ms and add about a millisecond of
 * commit per transaction.
 */
export const JOBS_PER_TRANSACTION = 100;

/** A run still being stored after this long was left by a closed tab: its rows are swept. */
export const ABANDONED_STORING_MS = 10 * 60_000;

/**
 * Stores a new run: first its record marked `storing` (not listed, not resumed), then its rows in
 * short transactions, one task each, then the record unmarked. A tab closed half-way leaves no half
 * run to resume, and sweepAbandonedRuns finds the rows it did store by the marked record.
 */
export async function createRun(db: BulkDb, run: RunRecord, jobs: readonly JobRecord[]): Promise<void> {
  await db.put('runs', { ...run, storing: true });
  for (let start = 0; start < jobs.length; start += JOBS_PER_TRANSACTION) {
    const tx = db.transaction('jobs', 'readwrite');
    await Promise.all([...jobs.slice(start, start + JOBS_PER_TRANSACTION).map((job) => tx.store.put(job)), tx.done]);
  }
  await db.put('runs', run);
}

/**
 * Deletes the runs a closed tab left half stored, with their rows. Only those marked long ago: a
 * run marked recently may still be being stored, by this tab or another.
 */
export async function sweepAbandonedRuns(db: BulkDb, now = Date.now()): Promise<number> {
  const abandoned = (await db.getAll('runs')).filter((run) => run.storing && now - run.createdAt > ABANDONED_STORING_MS);
  for (const run of abandoned) await deleteRun(db, run.id);
  return abandoned.length;
}

export async function updateRun(db: BulkDb, id: string, change: Partial<RunRecord>): Promise<void> {
  const tx = db.transaction('runs', 'readwrite');
  const run = await tx.store.get(id);
  if (run) await tx.store.put({ ...run, ...change });
  await tx.done;
}

export async function listRuns(db: BulkDb, lookupId: string): Promise<RunRecord[]> {
  const runs = await db.getAll('runs');
  return runs.filter((run) => run.lookupId === lookupId && !run.storing).sort((a, b) => b.createdAt - a.createdAt);
}

/** Every stored run of every lookup, newest first (the map's "Add a layer" lists them). */
export async function listAllRuns(db: BulkDb): Promise<RunRecord[]> {
  const runs = await db.getAll('runs');
  return runs.filter((run) => !run.storing).sort((a, b) => b.createdAt - a.createdAt);
}

/** A stored run; not one whose rows are still being stored. */
export async function getRun(db: BulkDb, id: string): Promise<RunRecord | undefined> {
  const run = await db.get('runs', id);
  return run?.storing ? undefined : run;
}

export function getJobs(db: BulkDb, runId: string): Promise<JobRecord[]> {
  return db.getAllFromIndex('jobs', 'byRun', runId);
}

export function getAnswers(db: BulkDb, runId: string): Promise<AnswerRecord[]> {
  return db.getAllFromIndex('answers', 'byRun', runId);
}

export async function deleteRun(db: BulkDb, id: string): Promise<void> {
  const tx = db.transaction(['runs', 'jobs', 'answers'], 'readwrite');
  const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
  await Promise.all([
    tx.objectStore('runs').delete(id),
    tx.objectStore('jobs').delete(range),
    tx.objectStore('answers').delete(range),
    tx.done,
  ]);
}
