// The work the merge worker does, as a plain class so tests (and a browser without workers) run it
// in-thread: read an input file, and turn each settled row's answer into merged output rows,
// posted back in batches so the page receives a few messages, not one per answer.
import { loadLookupBySlug } from '../../lookups/lookup-loaders.ts';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { findOperation } from '../../lookups/define-lookup.ts';
import { answerRecords, mergeRows, type SettledJob } from './merge.ts';
import { type MergedPart, mergedPart } from './merged-part.ts';
import { decodeUtf8, readInput, type ReadResult } from './read-input.ts';
import { getAnswers, getJobs, openBulkDb } from './run-store.ts';

export type ToMerger =
  | { type: 'parse'; id: number; bytes: ArrayBuffer }
  | { type: 'init'; slug: string; operationId: string; columns: string[]; mask: boolean }
  | { type: 'settled'; job: SettledJob; params: Params; answer?: { text: string; maskedHeader: string | undefined } }
  | { type: 'load'; runId: string }
  /** The run stopped sending: post what is waiting now, not at the next tick. */
  | { type: 'flush' };

/** One input row's merged output, flattened and counted for the table (merged-part.ts). */
export type RowBatch = MergedPart;

export type FromMerger =
  | { type: 'parsed'; id: number; result: ReadResult }
  | { type: 'rows'; batch: RowBatch[] }
  | { type: 'loaded'; runId: string }
  | { type: 'error'; message: string };

/** How long merged rows wait to be posted together. */
export const FLUSH_MS = 100;

export class MergeEngine {
  private lookup: AnyLookup | undefined;
  private operation: AnyOperation | undefined;
  private columns: string[] = [];
  private mask = true;
  private ready: Promise<void> = Promise.resolve();
  private pending: RowBatch[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly post: (message: FromMerger) => void) {}

  async handle(message: ToMerger): Promise<void> {
    try {
      if (message.type === 'parse') {
        const decoded = decodeUtf8(new Uint8Array(message.bytes));
        this.post({ type: 'parsed', id: message.id, result: decoded.ok ? readInput(decoded.text) : decoded });
      } else if (message.type === 'init') {
        this.columns = message.columns;
        this.mask = message.mask;
        // Only this lookup's definition is loaded (its own chunk), as on the lookup's page.
        this.ready = loadLookupBySlug(message.slug).then((lookup) => {
          this.lookup = lookup;
          this.operation = lookup ? findOperation(lookup, message.operationId) : undefined;
        });
      } else if (message.type === 'settled') {
        await this.ready;
        this.add(message.job, message.params, message.answer);
      } else if (message.type === 'flush') {
        // After the same one wait as 'settled': every row settled before it is in this flush.
        await this.ready;
        this.flush();
      } else {
        await this.ready;
        await this.load(message.runId);
      }
    } catch (error) {
      this.post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  private add(job: SettledJob, params: Params, answer: { text: string; maskedHeader: string | undefined } | undefined): void {
    const records =
      answer && this.lookup && this.operation
        ? answerRecords(this.lookup, this.operation, params, answer.text, answer.maskedHeader, this.mask)
        : [];
    this.pending.push(mergedPart(job.index, mergeRows(job, records, this.columns)));
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.post({ type: 'rows', batch });
  }

  /** A stored run: every finished row merged from IndexedDB, here rather than on the page's thread. */
  private async load(runId: string): Promise<void> {
    const db = await openBulkDb();
    const [jobs, answers] = await Promise.all([getJobs(db, runId), getAnswers(db, runId)]);
    const answerByIndex = new Map(answers.map((answer) => [answer.index, answer]));
    for (const job of jobs) {
      if (job.state !== 'ok' && job.state !== 'empty' && job.state !== 'failed') continue;
      const answer = answerByIndex.get(job.index);
      this.add(
        { index: job.index, input: job.input, state: job.state, reason: job.reason },
        job.params,
        answer && { text: answer.text, maskedHeader: answer.maskedHeader },
      );
      if (this.pending.length >= 500) this.flush();
    }
    this.flush();
    this.post({ type: 'loaded', runId });
  }
}
