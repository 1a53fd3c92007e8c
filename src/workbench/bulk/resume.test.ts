import { describe, expect, it } from 'vitest';
import { planResume } from './resume.ts';

describe('planResume', () => {
  it('sends rows never sent, keeps finished ones, and fails the ones in flight instead of sending them again', () => {
    const plan = planResume([
      { index: 3, state: 'pending' },
      { index: 0, state: 'ok' },
      { index: 1, state: 'in-flight' },
      { index: 2, state: 'failed' },
      { index: 4, state: 'empty' },
      { index: 5, state: 'pending' },
    ]);
    expect(plan).toEqual({ pending: [3, 5], interrupted: [1], done: 2, failed: 2 });
  });
});
