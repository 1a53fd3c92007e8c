// Reads one big answer as its bytes arrive: decodes them, splits out the records (json-splitter.ts),
// parses each batch, flattens it for the table and posts it, with the progress; at the end checks
// that the lookup's records adapter reads the same records from the whole body, and checks the
// body against the schema, so the page has nothing heavy left to do. Anything it cannot follow is
// read whole at the end, with the same result a whole read gives. Runs in the worker
// (answer-worker.ts), or on the page where there are no workers (tests).
import { parseJsonText } from '../../api/json-text.ts';
import { recordsOf, schemaIssues } from '../../lookups/answer.ts';
import type { AnyOperation } from '../../lookups/define-lookup.ts';
import { BatchSchemaCheck } from './batch-check.ts';
import { JsonSplitter, type PathKey } from '../../lookups/json-splitter.ts';
import { valueAt, withRecords } from '../../lookups/record-path.ts';
import { ProgressMeter } from './progress.ts';
import { flattenBatch } from './record-batch.ts';
import type { FromReader } from './stream-protocol.ts';

/** A batch is posted at least this often while records arrive, so the first rows show at once… */
export const FLUSH_MS = 100;
/** …and holds at most this many records, so the page never spends long on one message. */
export const BATCH_RECORDS = 2_000;

export interface EngineSetup {
  operation: AnyOperation;
  /** Records may be posted as they arrive. */
  progressive: boolean;
  totalBytes: number | undefined;
  now: () => number;
}

export class StreamEngine {
  private readonly decoder = new TextDecoder();
  private readonly splitter: JsonSplitter | undefined;
  private readonly meter: ProgressMeter;
  /**
   * The text, for a whole read at the end, until the records array is found: from then on the page
   * holds the text and the records, and the worker keeps neither (a whole read after that, rare,
   * is the page's).
   */
  private texts: string[] | undefined = [];
  /** Text not yet posted. */
  private unsent: string[] = [];
  /** Records posted so far. */
  private count = 0;
  private readonly columns = new Set<string>();
  private lastPost = Number.NEGATIVE_INFINITY;
  /** A flush waiting for its turn: records that arrived just after a post are not held until more bytes come. */
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private broken = false;
  private finished = false;
  private check: BatchSchemaCheck | undefined;

  constructor(
    private readonly setup: EngineSetup,
    private readonly post: (message: FromReader) => void,
  ) {
    this.meter = new ProgressMeter(setup.totalBytes, setup.now);
    if (setup.progressive) {
      const { operation } = setup;
      this.splitter = new JsonSplitter({
        isRecords: (bodySoFar, path) => {
          const records = recordsOf(operation, bodySoFar);
          return Array.isArray(records) && records === valueAt(bodySoFar, path);
        },
      });
    }
  }

  push(bytes: Uint8Array): void {
    if (this.finished) return;
    this.meter.addBytes(bytes.byteLength);
    this.addText(this.decoder.decode(bytes, { stream: true }));
    const since = this.setup.now() - this.lastPost;
    if (since >= FLUSH_MS) this.flush();
    else
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = undefined;
        if (!this.finished) this.flush();
      }, FLUSH_MS - since);
  }

  /** The body is complete. */
  end(): void {
    if (this.finished) return;
    this.addText(this.decoder.decode());
    this.flush();
    this.finish(this.splitter && !this.broken ? this.splitter.end() : undefined, undefined);
  }

  /** Stop reading: the answer is what arrived (complete records only). */
  stop(): void {
    if (this.finished) return;
    this.flush();
    const partial = this.splitter && !this.broken ? this.splitter.partial() : undefined;
    this.finish(partial && { kind: 'split', ...partial }, this.count);
  }

  fail(error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.flushTimer);
    this.post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }

  private addText(text: string): void {
    if (text === '') return;
    this.texts?.push(text);
    this.unsent.push(text);
    if (!this.broken) this.splitter?.feed(text);
    if (this.texts && this.splitter?.recordsPath()) this.texts = undefined;
  }

  private takeText(): string {
    const text = this.unsent.join('');
    this.unsent = [];
    return text;
  }

  /** Posts the records completed since the last post (in batches of BATCH_RECORDS), or the progress alone. */
  private flush(): void {
    this.lastPost = this.setup.now();
    const taken = this.broken ? undefined : this.splitter?.take();
    let records: unknown[] = [];
    if (taken) {
      try {
        records = JSON.parse(`[${taken.text}]`) as unknown[];
        if (records.length !== taken.count) throw new Error('count');
      } catch {
        // Not JSON after all: the end reads the whole text and says why.
        this.broken = true;
        records = [];
      }
    }
    if (records.length === 0) {
      this.post({ type: 'batch', records, rows: [], columns: [], stats: [], text: this.takeText(), progress: this.progress() });
      return;
    }
    this.checkBatch(records);
    for (let at = 0; at < records.length; at += BATCH_RECORDS) {
      const batch = records.slice(at, at + BATCH_RECORDS);
      this.count += batch.length;
      const flat = flattenBatch(batch, this.columns);
      this.post({ type: 'batch', records: batch, ...flat, text: at === 0 ? this.takeText() : '', progress: this.progress() });
    }
  }

  /** The batch's schema check, made now rather than over every record after the last byte. */
  private checkBatch(records: unknown[]): void {
    const splitter = this.splitter!;
    const path = splitter.recordsPath();
    if (!path) return;
    this.check ??= new BatchSchemaCheck(this.setup.operation.response, path);
    this.check.add(records, this.count, () => {
      const partial = splitter.partial();
      return partial && parseJsonText(partial.skeleton).body;
    });
  }

  private progress() {
    return this.meter.current(this.count);
  }

  private finish(
    outcome: { kind: 'split'; skeleton: string; path: readonly PathKey[] } | { kind: 'whole' } | undefined,
    stoppedAfter: number | undefined,
  ): void {
    this.finished = true;
    clearTimeout(this.flushTimer);
    const { operation } = this.setup;
    const stopped = stoppedAfter === undefined ? {} : { stoppedAfter };
    const common = { type: 'done', text: this.takeText(), progress: this.progress(), ...stopped } as const;
    if (outcome?.kind === 'split') {
      // The adapter must read the records array from the whole body (one that picks its array by
      // something later in the body would not): asked with a stand-in for the records it held.
      const standIn: unknown[] = [];
      const skeleton = parseJsonText(outcome.skeleton).body;
      const body = skeleton === undefined ? undefined : withRecords(skeleton, outcome.path, standIn);
      if (body !== undefined && recordsOf(operation, body) === standIn) {
        // Without the records here, a check the batches could not make is left to the page.
        const issues = this.check ? this.check.finish(parseJsonText(outcome.skeleton).body) : schemaIssues(operation.response, body);
        this.post({ ...common, kind: 'split', skeleton: outcome.skeleton, path: [...outcome.path], ...(issues && { issues }) });
        return;
      }
    }
    if (stoppedAfter !== undefined) {
      const reason = `Stopped after ${this.meter.current(0).bytes.toLocaleString('en-US')} bytes, before the records could be read`;
      this.post({ ...common, kind: 'whole', body: undefined, parseError: reason });
      return;
    }
    if (!this.texts) {
      // The records were followed, then the body could not be: the page holds its text and reads it whole.
      this.post({ ...common, kind: 'whole', body: undefined, reread: true });
      return;
    }
    const whole = parseJsonText(this.texts.join(''));
    const issues = whole.body === undefined ? undefined : schemaIssues(operation.response, whole.body);
    this.post({
      ...common,
      kind: 'whole',
      body: whole.body,
      ...(whole.parseError !== undefined && { parseError: whole.parseError }),
      ...(issues && { issues }),
    });
  }
}
