// The progress of a big answer: bytes, records and the rate since the first byte, measured where
// the bytes arrive (the worker), and said in one line on the page.
import type { StreamProgress } from '../../api/answer-stream.ts';
import { formatBytes } from '../format.ts';

export class ProgressMeter {
  private bytes = 0;
  private firstAt: number | undefined;
  private lastAt = 0;

  constructor(
    private readonly totalBytes: number | undefined,
    private readonly now: () => number,
  ) {}

  addBytes(count: number): void {
    const at = this.now();
    this.firstAt ??= at;
    this.lastAt = at;
    this.bytes += count;
  }

  current(records: number): StreamProgress {
    // Over the time the bytes took: a rate that does not fall while the page waits for the next ones.
    const seconds = this.firstAt === undefined ? 0 : (this.lastAt - this.firstAt) / 1000;
    return { bytes: this.bytes, totalBytes: this.totalBytes, records, bytesPerSecond: seconds > 0 ? this.bytes / seconds : 0 };
  }
}

/** "3.20 MB of 14.10 MB · 5,600 records · 4.8 MB/s" (the total and the rate when known). */
export function describeProgress({ bytes, totalBytes, records, bytesPerSecond }: StreamProgress): string {
  const size = totalBytes === undefined ? formatBytes(bytes) : `${formatBytes(bytes)} of ${formatBytes(totalBytes)}`;
  const count = `${records.toLocaleString('en-US')} ${records === 1 ? 'record' : 'records'}`;
  const rate = bytesPerSecond > 0 ? ` · ${formatBytes(bytesPerSecond)}/s` : '';
  return `${size} · ${count}${rate}`;
}
