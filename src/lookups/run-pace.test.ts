import { describe, expect, it } from 'vitest';
import { PACE_AFTER_MS, PACE_AFTER_ROWS, runPace } from './run-pace.ts';

describe('a run’s pace', () => {
  it('is not told until a few rows have finished and a second has passed since the first', () => {
    expect(runPace({ finished: 1, remaining: 59, sinceFirstMs: 0 })).toBeUndefined();
    expect(runPace({ finished: PACE_AFTER_ROWS - 1, remaining: 56, sinceFirstMs: 5_000 })).toBeUndefined();
    expect(runPace({ finished: 40, remaining: 20, sinceFirstMs: PACE_AFTER_MS - 1 })).toBeUndefined();
    expect(runPace({ finished: PACE_AFTER_ROWS, remaining: 55, sinceFirstMs: PACE_AFTER_MS })).toBeDefined();
  });

  it('counts from the first row’s finish, so a slow start does not stretch the time left', () => {
    // The analyst's 60-row job: the first row after 2.4 s of start-up, then 15 rows a second.
    // Timed from the start, 16 rows in 3.4 s would say about 9 s left; it ended 3 s later.
    const pace = runPace({ finished: 16, remaining: 44, sinceFirstMs: 1_000 })!;
    expect(pace.rowsPerSecond).toBe(15);
    expect(pace.msLeft).toBeCloseTo((44 / 15) * 1000);
  });

  it('has nothing left once every row has finished', () => {
    expect(runPace({ finished: 60, remaining: 0, sinceFirstMs: 4_000 })).toMatchObject({ msLeft: 0 });
  });
});
