import { describe, expect, it } from 'vitest';
import { DOSSIER_RECORD_CAP, fetchesUnasked, partialLabel } from './complete-answer.ts';

const plan = (last: number, total: number | undefined, covered = last) => ({ covered, last, toFetch: [], total, noun: 'incidents' });

describe('a dossier section’s whole answer', () => {
  it('fetches every page unasked when the calls are free and the records fit under the cap', () => {
    expect(fetchesUnasked(plan(3, 145), 50, true)).toBe(true);
    expect(fetchesUnasked(plan(3, undefined), 50, true)).toBe(true);
  });

  it('asks instead past the cap, past the page bound, or when each page is a paid call', () => {
    expect(fetchesUnasked(plan(300, DOSSIER_RECORD_CAP + 1), 50, true)).toBe(false);
    expect(fetchesUnasked(plan(120, undefined, 50), 50, true)).toBe(false);
    expect(fetchesUnasked(plan(3, 145), 50, false)).toBe(false);
  });

  it('labels one page of several plainly', () => {
    expect(partialLabel({ page: 1, last: 3 }, 50, 145)).toBe('page 1 of 3 (50 of 145 records)');
    expect(partialLabel({ page: 2, last: 1_200 }, 50, undefined)).toBe('page 2 of 1,200 (50 records on this page)');
  });
});
