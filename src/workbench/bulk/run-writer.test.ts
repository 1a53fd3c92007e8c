import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  ABANDONED_STORING_MS,
  type BulkDb,
  createRun,
  getAnswers,
  getJobs,
  getRun,
  type JobRecord,
  JOBS_PER_TRANSACTION,
  listRuns,
  openBulkDb,
  type RunRecord,
  sweepAbandonedRuns,
} from './run-store.ts';
import { RunWriter } from './run-writer.ts';

async function newRun(db: BulkDb, count: number, named?: (id: string) => void): Promise<{ run: RunRecord; jobs: JobRecord[] }> {
  const run = {
    id: crypto.randomUUID(),
    lookupId: 'X',
    operationId: 'x',
    createdAt: 1,
    fileName: 'f.csv',
    inputText: '',
    columns: ['q'],
    mapping: {},
    constants: {},
    concurrency: 4,
    mask: true,
    skippedInvalid: 0,
    duplicates: 0,
    jobCount: count,
    state: 'running',
  } satisfies RunRecord;
  const jobs = Array.from(
    { length: count },
    (_, index): JobRecord => ({
      runId: run.id,
      index,
      params: { q: String(index) },
      input: { q: String(index) },
      rows: [`line ${index + 2}`],
      state: 'pending',
    }),
  );
  named?.(run.id);
  await createRun(db, run, jobs);
  return { run, jobs };
}

describe('createRun', () => {
  it('stores the rows in short transactions and lists the run only once all of them are stored', async () => {
    const db = await openBulkDb();
    const transaction = db.transaction.bind(db);
    const opened: string[] = [];
    let listedBeforeTheLastRows = false;
    let runId = '';
    db.transaction = ((stores: string | string[], mode?: IDBTransactionMode) => {
      opened.push(String(stores));
      if (opened.length === 3) void getRun(db, runId).then((run) => (listedBeforeTheLastRows ||= run !== undefined));
      return transaction(stores as 'jobs', mode);
    }) as typeof db.transaction;
    try {
      const count = 2 * JOBS_PER_TRANSACTION + 1;
      const { run } = await newRun(db, count, (id) => (runId = id));
      expect(opened.filter((stores) => stores === 'jobs')).toHaveLength(3);
      expect(listedBeforeTheLastRows).toBe(false);
      expect(await getJobs(db, run.id)).toHaveLength(count);
      expect((await listRuns(db, 'X')).map(({ id }) => id)).toContain(run.id);
    } finally {
      db.transaction = transaction;
    }
  });
});

describe('sweepAbandonedRuns', () => {
  it('deletes the rows of a run a closed tab left half stored, and nothing else', async () => {
    const db = await openBulkDb();
    const { run: kept } = await newRun(db, 3);
    // A tab closed while storing: the marked record and the first rows, never the unmarked record.
    const abandoned = { ...kept, id: crypto.randomUUID(), createdAt: 1_000, storing: true as const };
    const recent = { ...abandoned, id: crypto.randomUUID(), createdAt: 1_000 + ABANDONED_STORING_MS };
    for (const run of [abandoned, recent]) {
      await db.put('runs', run);
      await db.put('jobs', { runId: run.id, index: 0, params: {}, input: {}, rows: ['line 2'], state: 'pending' });
    }
    expect((await listRuns(db, 'X')).map(({ id }) => id)).not.toContain(abandoned.id);
    expect(await getRun(db, abandoned.id)).toBeUndefined();

    expect(await sweepAbandonedRuns(db, 1_001 + ABANDONED_STORING_MS)).toBe(1);
    expect(await db.get('runs', abandoned.id)).toBeUndefined();
    expect(await getJobs(db, abandoned.id)).toEqual([]);
    // One marked recently may still be being stored, by this tab or another.
    expect(await db.get('runs', recent.id)).toMatchObject({ storing: true });
    expect(await getJobs(db, recent.id)).toHaveLength(1);
    expect(await getJobs(db, kept.id)).toHaveLength(3);
  });
});

describe('RunWriter', () => {
  it('commits every write before its promise resolves, rows asked together in one transaction', async () => {
    const db = await openBulkDb();
    const { run, jobs } = await newRun(db, 8);
    const writer = new RunWriter(db);
    await Promise.all(jobs.map((job) => writer.write({ ...job, state: 'in-flight' })));
    expect(writer.transactions).toBe(1);
    expect((await getJobs(db, run.id)).every((job) => job.state === 'in-flight')).toBe(true);

    const settled = writer.write(
      { ...jobs[3]!, state: 'ok', recordCount: 2 },
      { runId: run.id, index: 3, text: '{"items":[1,2]}', maskedHeader: 'true' },
    );
    const failed = writer.write({ ...jobs[5]!, state: 'failed', reason: 'HTTP 404' });
    await settled;
    expect((await getJobs(db, run.id))[3]).toMatchObject({ state: 'ok', recordCount: 2 });
    expect(await getAnswers(db, run.id)).toEqual([{ runId: run.id, index: 3, text: '{"items":[1,2]}', maskedHeader: 'true' }]);
    await failed;
    expect((await getJobs(db, run.id))[5]).toMatchObject({ state: 'failed', reason: 'HTTP 404' });
  });

  it('keeps writing while a transaction commits, and the later state of a row wins', async () => {
    const db = await openBulkDb();
    const { run, jobs } = await newRun(db, 3);
    const writer = new RunWriter(db);
    const first = writer.write({ ...jobs[0]!, state: 'in-flight' });
    await Promise.resolve();
    await Promise.resolve();
    const later = [writer.write({ ...jobs[1]!, state: 'in-flight' }), writer.write({ ...jobs[1]!, state: 'pending' })];
    await Promise.all([first, ...later]);
    expect((await getJobs(db, run.id)).map((job) => job.state)).toEqual(['in-flight', 'pending', 'pending']);
    expect(writer.transactions).toBeLessThanOrEqual(2);
  });
});
