import { describe, expect, it } from 'vitest';
import { createBatchedDestination } from './log-destination.ts';

describe('the batched log destination', () => {
  it('writes whole lines of at most 4096 bytes at a time, so processes sharing a pipe never mix lines', () => {
    const writes: string[] = [];
    const destination = createBatchedDestination((text) => writes.push(text), 1_000);
    // Up to 3 bytes a character: a write's characters are no measure of its bytes.
    const lines = Array.from({ length: 300 }, (_, i) => `{"msg":"GET /proxy/a/movie/${i} 200 ${i}ms ${'€'.repeat(i % 40)}"}\n`);
    for (const line of lines) destination.write(line);
    destination.flush();
    expect(writes.length).toBeGreaterThan(1);
    for (const text of writes) {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
      expect(text.endsWith('\n')).toBe(true);
    }
    expect(writes.join('')).toBe(lines.join(''));
  });

  it('gathers lines and writes them together', async () => {
    const writes: string[] = [];
    const destination = createBatchedDestination((text) => writes.push(text), 20);
    destination.write('one\n');
    destination.write('two\n');
    expect(writes).toHaveLength(0);
    await expect.poll(() => writes).toEqual(['one\ntwo\n']);
    destination.write('three\n');
    let flushed = false;
    destination.flush(() => (flushed = true));
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
    expect(flushed).toBe(true);
  });
});
