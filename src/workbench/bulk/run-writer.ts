// Writes a run's rows and answers to IndexedDB with group commit: the writes asked for while one
// transaction is being committed go together in the next, so 16 rows in flight cost a handful of
// transactions, not two each. Every caller still waits for its own write to be committed, which is
// what decision 009 needs: "in flight" is stored before the request leaves, the answer before the
// row counts as done. Nothing waits on a timer, so batching never slows a row down.
import type { AnswerRecord, BulkDb, JobRecord } from './run-store.ts';

interface Batch {
  /** The row's latest record wins: a later state of the same row replaces an earlier one. */
  jobs: Map<number, JobRecord>;
  answers: AnswerRecord[];
  settled: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

export class RunWriter {
  private next: Batch | undefined;
  private draining = false;
  /** Transactions committed so far (what the tests, and curiosity, read). */
  transactions = 0;

  constructor(private readonly db: BulkDb) {}

  /** Stores the row (and its answer, in the same transaction); resolves once committed. */
  write(job: JobRecord, answer?: AnswerRecord): Promise<void> {
    const batch: Batch = (this.next ??= { jobs: new Map(), answers: [], settled: [] });
    batch.jobs.set(job.index, job);
    if (answer) batch.answers.push(answer);
    const committed = new Promise<void>((resolve, reject) => batch.settled.push({ resolve, reject }));
    if (!this.draining) void this.drain();
    return committed;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    // Rows asked for in the same turn (a pump starting several) join the first transaction.
    await Promise.resolve();
    while (this.next) {
      const batch = this.next;
      this.next = undefined;
      try {
        const tx = this.db.transaction(['jobs', 'answers'], 'readwrite');
        const jobs = tx.objectStore('jobs');
        const answers = tx.objectStore('answers');
        const writes: Array<Promise<unknown>> = [];
        for (const job of batch.jobs.values()) writes.push(jobs.put(job));
        for (const answer of batch.answers) writes.push(answers.put(answer));
        await Promise.all([...writes, tx.done]);
        this.transactions += 1;
        batch.settled.forEach(({ resolve }) => resolve());
      } catch (error) {
        batch.settled.forEach(({ reject }) => reject(error));
      }
    }
    this.draining = false;
  }
}
