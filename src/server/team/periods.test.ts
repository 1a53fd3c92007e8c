import { describe, expect, it } from 'vitest';
import { periodAt, secondsUntil } from './periods.ts';

const at = (iso: string) => Date.parse(iso);

describe('periodAt (UTC calendar periods)', () => {
  it('a day runs from 00:00 UTC to the next 00:00 UTC', () => {
    expect(periodAt('day', at('2025-03-14T23:59:59.999Z'))).toEqual({
      start: at('2025-03-14T00:00:00Z'),
      end: at('2025-03-15T00:00:00Z'),
      label: '2025-03-14',
    });
    expect(periodAt('day', at('2025-03-15T00:00:00Z')).label).toBe('2025-03-15');
  });

  it('ignores the local time zone: an instant is in the same period everywhere', () => {
    // 23:30 in New York on 31 December is already 1 January in UTC.
    expect(periodAt('day', at('2024-12-31T23:30:00-05:00')).label).toBe('2025-01-01');
  });

  it('a month runs from the 1st to the next 1st, across years and leap days', () => {
    expect(periodAt('month', at('2024-02-29T12:00:00Z'))).toEqual({
      start: at('2024-02-01T00:00:00Z'),
      end: at('2024-03-01T00:00:00Z'),
      label: '2024-02',
    });
    expect(periodAt('month', at('2024-12-31T23:59:59Z'))).toEqual({
      start: at('2024-12-01T00:00:00Z'),
      end: at('2025-01-01T00:00:00Z'),
      label: '2024-12',
    });
    expect(periodAt('month', at('2025-01-01T00:00:00Z')).label).toBe('2025-01');
  });

  it('secondsUntil rounds up and is never below one', () => {
    expect(secondsUntil(at('2025-03-15T00:00:00Z'), at('2025-03-14T23:59:58.2Z'))).toBe(2);
    expect(secondsUntil(1_000, 5_000)).toBe(1);
  });
});
