import { describe, expect, it } from 'vitest';
import { mergeInOrder, runInTurns } from './merge-answers.ts';

describe('mergeInOrder', () => {
  const id = (record: unknown) => (record as { id?: string }).id;

  it('keeps the pieces in the order given and each piece’s own order', () => {
    expect(mergeInOrder([[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }], [], [{ id: 'd' }]], id).records.map(id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a record two pieces hold once, where it first appears, and counts the rest', () => {
    const merged = mergeInOrder(
      [
        [{ id: 'a' }, { id: 'b', first: true }],
        [{ id: 'b', first: false }, { id: 'c' }, { id: 'a' }],
      ],
      id,
    );
    expect(merged).toEqual({ records: [{ id: 'a' }, { id: 'b', first: true }, { id: 'c' }], duplicates: 2 });
  });

  it('keeps every record without an identity: nothing says two of them are the same', () => {
    expect(mergeInOrder([[{ n: 1 }], [{ n: 1 }]], id)).toEqual({ records: [{ n: 1 }, { n: 1 }], duplicates: 0 });
  });
});

describe('runInTurns', () => {
  it('runs at most `concurrency` at once, including items added while running', async () => {
    const queue = [1, 2, 3];
    const ran: number[] = [];
    let active = 0;
    let most = 0;
    await runInTurns(queue, 2, async (item) => {
      active++;
      most = Math.max(most, active);
      await Promise.resolve();
      ran.push(item);
      if (item === 1) queue.push(4);
      active--;
    });
    expect(most).toBe(2);
    expect(ran.sort()).toEqual([1, 2, 3, 4]);
  });

  it('stops at the first failure: nothing further starts', async () => {
    const started: number[] = [];
    const run = runInTurns([1, 2, 3, 4], 1, async (item) => {
      started.push(item);
      if (item === 2) throw new Error('two failed');
    });
    await expect(run).rejects.toThrow('two failed');
    expect(started).toEqual([1, 2]);
  });
});
