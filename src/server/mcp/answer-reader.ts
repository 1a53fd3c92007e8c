// Reads the proxy's answer for a tool call, and stops as soon as it holds what a result can carry.
// A JSON answer goes through the record splitter (the browser's and the masking stream's, over
// the bytes as they arrive): an answer up to READ_WHOLE_BYTES is read whole (its records all
// counted, its envelope's verdict and paging read); past that, reading stops once the records the
// result needs are complete (the window's end and one more, to say more follow), and the answer
// is its envelope as far as it arrived with those records in it: `cut`. An answer whose records
// cannot be followed (XML, records not found) is read up to the hard limit and refused past it.
import { StringDecoder } from 'node:string_decoder';
import type { AnyOperation } from '../../lookups/define-lookup.ts';
import { recordsOf } from '../../lookups/answer.ts';
import { JsonSplitter } from '../../lookups/json-splitter.ts';
import { valueAt, withRecords } from '../../lookups/record-path.ts';

/** Answers up to this size are read whole, whatever the window: exact totals, the envelope after the records. */
export const READ_WHOLE_BYTES = 4 * 1024 * 1024;

export interface ReaderLimits {
  /** The records the result needs: its window's end and one more. */
  recordsWanted: number;
  /** Read whole up to this many bytes (READ_WHOLE_BYTES). */
  wholeBytes: number;
  /** Never read past this many bytes. */
  maxBytes: number;
}

/** What to do after a chunk: read on, stop with the records in hand, or give up (too large, nothing to show). */
export type ReadStep = 'more' | 'enough' | 'too-large';

export class AnswerReader {
  private readonly chunks: Buffer[] = [];
  private readonly decoder = new StringDecoder('utf8');
  private readonly splitter: JsonSplitter | undefined;
  private readonly recordTexts: string[] = [];
  bytes = 0;
  records = 0;

  constructor(
    operation: AnyOperation,
    contentType: string,
    private readonly limits: ReaderLimits,
  ) {
    // XML (B's second operation) is not split: it is read whole, up to the hard limit.
    this.splitter = contentType.toLowerCase().includes('json')
      ? new JsonSplitter({
          isRecords: (bodySoFar, path) => {
            const records = recordsOf(operation, bodySoFar);
            return Array.isArray(records) && records === valueAt(bodySoFar, path);
          },
        })
      : undefined;
  }

  /** Whether the records can be followed as they arrive (so a body over the limit can still give its first records). */
  get splittable(): boolean {
    return this.splitter !== undefined;
  }

  push(chunk: Buffer): ReadStep {
    this.bytes += chunk.length;
    if (this.bytes <= this.limits.maxBytes) this.chunks.push(chunk);
    const { splitter } = this;
    if (splitter) {
      splitter.feed(this.decoder.write(chunk));
      const taken = splitter.take();
      if (taken) {
        this.recordTexts.push(taken.text);
        this.records += taken.count;
      }
    }
    const found = splitter?.recordsPath() !== undefined;
    if (found && this.records >= this.limits.recordsWanted && this.bytes > this.limits.wholeBytes) return 'enough';
    if (this.bytes > this.limits.maxBytes) return found && this.records > 0 ? 'enough' : 'too-large';
    return 'more';
  }

  /** The answer read to its end. */
  whole(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** The answer as far as it was read: its envelope, closed, holding the complete records read. */
  cut(): Buffer | undefined {
    const partial = this.splitter?.partial();
    if (!partial) return undefined;
    try {
      const records = JSON.parse(`[${this.recordTexts.join(',')}]`) as unknown[];
      const body = withRecords(JSON.parse(partial.skeleton), partial.path, records);
      return body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    } catch {
      return undefined;
    }
  }
}
