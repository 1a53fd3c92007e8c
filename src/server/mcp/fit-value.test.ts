import { describe, expect, it } from 'vitest';
import { CUT_KEY, fitValue, MAX_VALUE_CHARS } from './fit-value.ts';

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('a value fitted to a budget', () => {
  it('is kept as it is when it fits', () => {
    const record = { name: 'a'.repeat(5_000), list: [1, 2, 3] };
    expect(fitValue(record, 10_000)).toEqual({ value: record, bytes: bytesOf(record), cuts: 0 });
  });

  it('keeps the beginning of a long string and says how many characters were cut', () => {
    const fitted = fitValue({ note: 'y'.repeat(1_000_000), id: 7 }, 4_096);
    expect(fitted.value).toEqual({
      note: `${'y'.repeat(MAX_VALUE_CHARS)}…[cut: ${(1_000_000 - MAX_VALUE_CHARS).toLocaleString('en-US')} more characters]`,
      id: 7,
    });
    expect(fitted.cuts).toBe(1);
    expect(fitted.bytes).toBeLessThanOrEqual(4_096);
  });

  it('keeps the first items of a huge array and fields of a huge object, and says how many more there were', () => {
    const fitted = fitValue({ points: Array.from({ length: 1_000_000 }, (_, i) => i) }, 8_192);
    const points = (fitted.value as { points: unknown[] }).points;
    expect(points[0]).toBe(0);
    expect(String(points.at(-1))).toMatch(/^…\[cut: [\d,]+ more items\]$/);
    expect(fitted.bytes).toBeLessThanOrEqual(8_192);

    const wide = fitValue(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`field_${i}`, 'v'.repeat(100)])), 8_192);
    expect(String((wide.value as Record<string, unknown>)[CUT_KEY])).toMatch(/^\[cut: [\d,]+ more fields\]$/);
    expect(wide.bytes).toBeLessThanOrEqual(8_192);
  });

  it('stays within its budget in bytes when the text is of many-byte characters', () => {
    const fitted = fitValue({ a: '€'.repeat(30_000), b: '😀'.repeat(30_000), c: ['é'.repeat(30_000)] }, 4_096);
    expect(fitted.bytes).toBeLessThanOrEqual(4_096);
    expect(bytesOf(fitted.value)).toBe(fitted.bytes);
  });
});
