import { describe, expect, it, vi } from 'vitest';
import { type FromMerger, MergeEngine } from './merge-engine.ts';

describe('MergeEngine', () => {
  it('reads a file for the page, refusing text that is not UTF-8', async () => {
    const posted: FromMerger[] = [];
    const engine = new MergeEngine((message) => posted.push(message));
    await engine.handle({ type: 'parse', id: 1, bytes: new TextEncoder().encode('zipcode\n62701\n').buffer as ArrayBuffer });
    await engine.handle({ type: 'parse', id: 2, bytes: Uint8Array.from([0xff, 0xfe, 0x00]).buffer });
    expect(posted[0]).toMatchObject({ type: 'parsed', id: 1, result: { ok: true, table: { columns: ['zipcode'] } } });
    expect(posted[1]).toMatchObject({ type: 'parsed', id: 2, result: { ok: false, message: expect.stringMatching(/not UTF-8/) } });
  });

  it('posts merged rows in batches, not one message per answer', async () => {
    vi.useFakeTimers();
    try {
      const posted: FromMerger[] = [];
      const engine = new MergeEngine((message) => posted.push(message));
      // Failed rows carry no answer, so no lookup's adapters are needed here.
      await engine.handle({ type: 'init', slug: 'none', operationId: 'none', columns: ['zipcode'], mask: true });
      for (let index = 0; index < 5; index += 1) {
        await engine.handle({
          type: 'settled',
          job: { index, input: { zipcode: `6270${index}` }, state: 'failed', reason: 'HTTP 500' },
          params: {},
        });
      }
      expect(posted).toEqual([]);
      await vi.advanceTimersByTimeAsync(150);
      expect(posted).toHaveLength(1);
      const [message] = posted;
      expect(message!.type === 'rows' && message!.batch.map((entry) => entry.rows[0]!.zipcode)).toEqual([
        '62700',
        '62701',
        '62702',
        '62703',
        '62704',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
