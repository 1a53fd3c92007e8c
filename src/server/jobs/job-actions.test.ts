// @vitest-environment node
// The jobs' actions called without HTTP (as MCP or a script would): a stand-in store and queue.
import { describe, expect, it } from 'vitest';
import { lookups, registryIndex } from '../../lookups/registry.ts';
import { createJobActions, type JobActionsOptions } from './job-actions.ts';
import type { JobFacts, NewJob } from './job-store.ts';
import type { RowOutcome } from './send-row.ts';

function factsOf(job: NewJob, id: string): JobFacts {
  const { rows, chunkSize, ...rest } = job;
  return {
    ...rest,
    id,
    total: rows.length,
    chunks: Math.ceil(rows.length / chunkSize),
    chunkSize,
    createdAt: 0,
    state: 'queued',
    done: 0,
    failed: 0,
  };
}

function standIn(options: Partial<JobActionsOptions> = {}) {
  const kept = new Map<string, JobFacts>();
  const queued: NewJob[] = [];
  const actions = createJobActions({
    index: registryIndex,
    settings: { chunkSize: 2, concurrency: 4, jobsPerUser: 0, rowsPerUserDay: 0 },
    store: {
      get: async (id) => kept.get(id),
      listFor: async (viewer) => [...kept.values()].filter((job) => job.shared || job.owner === viewer),
      admit: async () => ({ ok: true, id: `job-${queued.length + 1}` }),
      release: async () => undefined,
      cancel: async (id) => {
        const job = kept.get(id);
        if (!job || job.state === 'completed' || job.state === 'cancelled') return false;
        kept.set(id, { ...job, state: 'cancelled' });
        return true;
      },
    },
    async enqueue(job) {
      queued.push(job);
      const facts = factsOf(job, `job-${queued.length}`);
      kept.set(facts.id, facts);
      return facts;
    },
    ...options,
  });
  return { actions, kept, queued };
}

describe('JobActions.submit', () => {
  it('queues a checked job as its owner’s, at no more than the server’s concurrency', async () => {
    const { actions, queued } = standIn();
    const submitted = await actions.submit('alice', {
      lookup: 'H',
      operation: 'records',
      rows: [{ zipcode: '62701' }, { zipcode: '62702' }, { zipcode: '62703' }],
      concurrency: 64,
    });
    expect(submitted).toMatchObject({ ok: true, job: { id: 'job-1', owner: 'alice', total: 3, chunks: 2 } });
    expect(queued).toEqual([
      expect.objectContaining({
        owner: 'alice',
        lookup: 'H',
        operation: 'records',
        columns: ['zipcode'],
        chunkSize: 2,
        shared: false,
        mask: true,
        concurrency: 4,
      }),
    ]);
  });

  it('refuses an operation the registry does not have, and an invalid row, queueing nothing', async () => {
    const { actions, queued } = standIn();
    expect(await actions.submit('alice', { lookup: 'H', operation: 'nothing', rows: [{}] })).toMatchObject({
      ok: false,
      status: 400,
      code: 'invalid_job',
      message: 'There is no operation nothing of lookup H',
    });
    const bad = await actions.submit('alice', { lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }, { zipcode: 'abc' }] });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^Row 2 is not valid \(zipcode .*\): nothing was queued$/),
      details: { rows: [{ row: 2 }] },
    });
    expect(queued).toEqual([]);
  });

  it('follows a link: runs the source query as the owner and queues a row per record it can follow', async () => {
    const asked: unknown[] = [];
    const body = {
      sex_offenders_count: 2,
      sex_offenders: [
        { sex_offender_zipcode: '62701', sex_offender_lat: '39.78', sex_offender_lon: '-89.65' },
        { sex_offender_zipcode: '62702', sex_offender_lat: '', sex_offender_lon: '' },
      ],
    };
    const runAs = async (
      owner: string,
      lookup: { id: string },
      operation: { id: string },
      params: unknown,
      mask: boolean,
    ): Promise<RowOutcome> => {
      asked.push({ owner, lookup: lookup.id, operation: operation.id, params, mask });
      return { kind: 'result', result: { s: 'ok', t: JSON.stringify(body) } };
    };
    const { actions, queued } = standIn({ runAs });
    const submitted = await actions.submit('alice', {
      lookup: 'L',
      operation: lookups.L.operations[0]!.id,
      from: { lookup: 'H', operation: 'records', params: { zipcode: '62701' } },
      mask: false,
    });
    expect(submitted.ok).toBe(true);
    expect(asked).toEqual([{ owner: 'alice', lookup: 'H', operation: 'records', params: { zipcode: '62701' }, mask: false }]);
    expect(queued[0]!.rows).toEqual([expect.objectContaining({ lat: 39.78, lon: -89.65 })]);
  });

  it('says why a link gave no rows: a source over its budget (429), failed (502), or without a server to run it', async () => {
    const from = { lookup: 'H', operation: 'records', params: { zipcode: '62701' } };
    const target = { lookup: 'L', operation: lookups.L.operations[0]!.id, from };
    expect(await standIn().actions.submit('alice', target)).toMatchObject({
      status: 400,
      message: 'This server cannot run a link’s source query',
    });
    const waiting = standIn({ runAs: async () => ({ kind: 'wait', until: Date.now() + 30_000, budget: true }) });
    expect(await waiting.actions.submit('alice', target)).toMatchObject({
      status: 429,
      code: 'budget_spent',
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    const failing = standIn({ runAs: () => Promise.reject(new Error('upstream down')) });
    expect(await failing.actions.submit('alice', target)).toMatchObject({
      status: 502,
      code: 'source_failed',
      message: 'The source query failed: upstream down',
    });
    expect(waiting.queued.length + failing.queued.length).toBe(0);
  });
});

describe('JobActions list, find and cancel', () => {
  it('shows a user their own jobs and the shared ones, and lets only the owner cancel, once', async () => {
    const { actions } = standIn();
    const mine = await actions.submit('alice', { lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }] });
    const shared = await actions.submit('bob', { lookup: 'H', operation: 'records', rows: [{ zipcode: '62702' }], shared: true });
    const hidden = await actions.submit('bob', { lookup: 'H', operation: 'records', rows: [{ zipcode: '62703' }] });
    if (!mine.ok || !shared.ok || !hidden.ok) throw new Error('not queued');
    expect((await actions.list('alice')).map((job) => job.id)).toEqual([mine.job.id, shared.job.id]);
    expect(await actions.find('alice', hidden.job.id)).toBeUndefined();
    expect(await actions.cancel('alice', hidden.job.id)).toMatchObject({ status: 404, code: 'not_found' });
    expect(await actions.cancel('alice', shared.job.id)).toMatchObject({
      status: 403,
      code: 'not_owner',
      message: 'Only bob, who started this job, can cancel it',
    });
    expect(await actions.cancel('alice', mine.job.id)).toMatchObject({ ok: true, job: { id: mine.job.id, state: 'cancelled' } });
    expect(await actions.cancel('alice', mine.job.id)).toMatchObject({
      status: 409,
      code: 'job_finished',
      message: 'The job is already cancelled',
    });
  });
});
