import { describe, expect, it } from 'vitest';
import { describeProgress, ProgressMeter } from './progress.ts';

describe('ProgressMeter', () => {
  it('measures the rate over the time between the first byte and the last', () => {
    let clock = 1_000;
    const meter = new ProgressMeter(10_000, () => clock);
    expect(meter.current(0)).toEqual({ bytes: 0, totalBytes: 10_000, records: 0, bytesPerSecond: 0 });
    meter.addBytes(1_000);
    clock += 500;
    meter.addBytes(1_000);
    clock += 500;
    meter.addBytes(2_000);
    // 4,000 bytes in the second between the first chunk and the last.
    expect(meter.current(12)).toEqual({ bytes: 4_000, totalBytes: 10_000, records: 12, bytesPerSecond: 4_000 });
    // Waiting for the next bytes does not lower the rate.
    clock += 5_000;
    expect(meter.current(12).bytesPerSecond).toBe(4_000);
  });
});

describe('describeProgress', () => {
  it('says bytes (of the total when known), records and rate', () => {
    expect(
      describeProgress({ bytes: 3 * 1024 * 1024, totalBytes: 12 * 1024 * 1024, records: 5_600, bytesPerSecond: 1.5 * 1024 * 1024 }),
    ).toBe('3.00 MB of 12.00 MB · 5,600 records · 1.50 MB/s');
    expect(describeProgress({ bytes: 900, totalBytes: undefined, records: 1, bytesPerSecond: 0 })).toBe('900 B · 1 record');
  });
});
