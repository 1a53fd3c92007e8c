// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { jobDocument } from './job-documents.ts';
import type { JobFacts } from './job-store.ts';

const base: JobFacts = {
  id: '00000000-0000-4000-8000-000000000001',
  owner: 'alice',
  lookup: 'H',
  operation: 'records',
  columns: ['zipcode'],
  concurrency: 4,
  total: 1000,
  chunks: 10,
  chunkSize: 100,
  shared: false,
  mask: true,
  createdAt: Date.UTC(2026, 10, 28, 12),
  state: 'running',
  done: 250,
  failed: 3,
  startedAt: Date.UTC(2026, 10, 28, 12),
};

describe('a job’s document', () => {
  it('gives the rate since its first row finished and the time left at that rate', () => {
    const document = jobDocument({ ...base, firstDoneAt: base.startedAt! + 1_000 }, base.startedAt! + 10_960);
    expect(document).toMatchObject({
      state: 'running',
      rows: 1000,
      done: 250,
      failed: 3,
      rate: 25,
      etaSeconds: 30,
      url: `/jobs/${base.id}`,
    });
    expect(document.results.csv).toBe(`/jobs/${base.id}/result.csv`);
  });

  it('says nothing of the time left until a few rows have finished, whatever the first one cost', () => {
    // The analyst's 60-row job: its first row finished 2.4 s after the start ("about 148 s left").
    const sixty = { ...base, total: 60, done: 1, firstDoneAt: base.startedAt! + 2_400 };
    expect(jobDocument(sixty, base.startedAt! + 2_400)).toMatchObject({ rate: null, etaSeconds: null });
    expect(jobDocument({ ...sixty, done: 4 }, base.startedAt! + 3_600)).toMatchObject({ rate: null, etaSeconds: null });
    // Then 15 rows a second: 16 done a second after the first, 44 left, about 3 s.
    expect(jobDocument({ ...sixty, done: 16 }, base.startedAt! + 3_400)).toMatchObject({ rate: 15, etaSeconds: 3 });
  });

  it('has no rate before a row is done, and no time left once finished or paused', () => {
    expect(jobDocument({ ...base, done: 0 }, base.startedAt! + 1000)).toMatchObject({ rate: null, etaSeconds: null });
    expect(
      jobDocument({ ...base, state: 'completed', done: 1000, firstDoneAt: base.startedAt! + 1_000, finishedAt: base.startedAt! + 20_980 }),
    ).toMatchObject({ rate: 50, etaSeconds: 0 });
    expect(jobDocument({ ...base, state: 'paused-budget', resumesAt: Date.UTC(2026, 10, 29) })).toMatchObject({
      etaSeconds: null,
      resumesAt: '2026-11-29T00:00:00.000Z',
    });
  });
});
