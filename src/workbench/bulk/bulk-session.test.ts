import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findOperation } from '../../lookups/define-lookup.ts';
import { everyWidgetLookup } from '../../form/testing/every-widget-lookup.ts';
import { BulkSession } from './bulk-session.ts';
import { createMergeClient } from './merge-client.ts';
import { INTERRUPTED_REASON } from './resume.ts';
import { createRun, getAnswers, getJobs, type JobRecord, openBulkDb, type RunRecord } from './run-store.ts';

const operation = findOperation(everyWidgetLookup, 'summary');
const regions = ['north', 'south', 'east', 'west'];

function run(): RunRecord {
  return {
    id: crypto.randomUUID(),
    lookupId: everyWidgetLookup.id,
    operationId: operation.id,
    createdAt: Date.now(),
    fileName: 'regions.csv',
    inputText: `region\n${regions.join('\n')}\n`,
    columns: ['region'],
    mapping: { region: 'region' },
    constants: {},
    concurrency: 2,
    mask: true,
    skippedInvalid: 0,
    duplicates: 0,
    jobCount: regions.length,
    state: 'running',
  };
}

function jobs(runId: string, states: JobRecord['state'][]): JobRecord[] {
  return regions.map((region, index) => ({
    runId,
    index,
    params: { region },
    input: { region },
    rows: [`line ${index + 2}`],
    state: states[index]!,
  }));
}

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    const region = url.split('/')[4];
    return region === 'east'
      ? new Response(JSON.stringify({ message: 'no such region' }), { status: 404, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ region, population: 7 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function untilFinished(session: BulkSession) {
  await vi.waitFor(() => expect(session.getSnapshot().progress?.state).toBe('finished'), { timeout: 5000 });
  await vi.waitFor(() => expect(session.getSnapshot().merged).toBe(true), { timeout: 5000 });
}

describe('BulkSession', () => {
  it('sends each row once, records each answer with its outcome, and merges the rows', async () => {
    const db = await openBulkDb();
    const record = run();
    await createRun(db, record, jobs(record.id, ['pending', 'pending', 'pending', 'pending']));
    const session = new BulkSession(db, record, everyWidgetLookup, operation, createMergeClient());
    session.start(await session.open());
    await untilFinished(session);

    expect(requested.map((url) => url.split('/')[4]).sort()).toEqual([...regions].sort());
    const stored = await getJobs(db, record.id);
    expect(stored.map((job) => job.state)).toEqual(['ok', 'ok', 'failed', 'ok']);
    expect(stored[2]!.reason).toMatch(/^HTTP 404/);
    expect((await getAnswers(db, record.id)).map((answer) => answer.index)).toEqual([0, 1, 3]);
    const rows = session.getSnapshot().rows;
    expect(rows.map((row) => [row.region, row.row_status])).toEqual([
      ['north', 'ok'],
      ['south', 'ok'],
      ['east', 'failed'],
      ['west', 'ok'],
    ]);
    session.close();
  });

  it('resumes a reloaded run: never re-sends a row that was in flight or finished, sends the rest', async () => {
    const db = await openBulkDb();
    const record = run();
    await createRun(db, record, jobs(record.id, ['ok', 'in-flight', 'pending', 'pending']));
    const session = new BulkSession(db, record, everyWidgetLookup, operation, createMergeClient());
    const pending = await session.open();
    expect(pending).toEqual([2, 3]);
    session.start(pending);
    await untilFinished(session);

    expect(requested.map((url) => url.split('/')[4])).toEqual(['east', 'west']);
    const stored = await getJobs(db, record.id);
    expect(stored[1]).toMatchObject({ state: 'failed', reason: INTERRUPTED_REASON });

    // Re-running the failed rows is the user's explicit choice: only they are sent.
    requested = [];
    await session.rerunFailed();
    await untilFinished(session);
    expect(requested.map((url) => url.split('/')[4]).sort()).toEqual(['east', 'south']);
    session.close();
  });
  it('a reopened run sends what it had left on Resume, or fails it unsent on Cancel', async () => {
    const db = await openBulkDb();
    const paused = run();
    await createRun(db, { ...paused, state: 'paused' }, jobs(paused.id, ['ok', 'ok', 'pending', 'pending']));
    const first = new BulkSession(db, paused, everyWidgetLookup, operation, createMergeClient());
    await first.open();
    expect(requested).toEqual([]);
    first.resume();
    await untilFinished(first);
    expect(requested.map((url) => url.split('/')[4])).toEqual(['east', 'west']);
    first.close();

    requested = [];
    const other = run();
    await createRun(db, { ...other, state: 'paused' }, jobs(other.id, ['ok', 'pending', 'pending', 'pending']));
    const second = new BulkSession(db, other, everyWidgetLookup, operation, createMergeClient());
    await second.open();
    await second.cancel();
    expect(requested).toEqual([]);
    expect((await getJobs(db, other.id)).map((job) => job.state)).toEqual(['ok', 'failed', 'failed', 'failed']);
    expect(second.getSnapshot().progress).toMatchObject({ state: 'cancelled', done: 1, failed: 3, remaining: 0 });
    second.close();
  });
});
