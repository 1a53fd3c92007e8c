// The queue of job chunks (BullMQ): a job is kept in the store, then its chunks are queued for
// whichever instance's worker is free (job-service.ts starts this instance's).
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ChunkData } from './chunk-worker.ts';
import type { JobFacts, JobStore, NewJob } from './job-store.ts';

export const ROWS_QUEUE = 'lookup-rows';

/** Chunks queued in one round trip: a big job's 9,000 chunks go in small steps, so other requests get in between (issue 36). */
const BATCH = 100;

export interface JobQueue {
  /** Keeps the job and queues its chunks; returns its facts. */
  enqueue(job: NewJob): Promise<JobFacts>;
  /** Chunks waiting or being worked (the metrics' gauge). */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export function createJobQueue(options: { connection: Redis; prefix: string; store: JobStore; log: (line: string) => void }): JobQueue {
  const { store } = options;
  const queue = new Queue<ChunkData>(ROWS_QUEUE, { connection: options.connection, prefix: options.prefix });
  queue.on('error', (error) => options.log(`Jobs queue: ${error.message}`));
  return {
    async enqueue(job) {
      const facts = await store.create(job);
      for (let first = 0; first < facts.chunks; first += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, facts.chunks - first) }, (_, offset) => ({
          name: 'chunk',
          data: { jobId: facts.id, chunk: first + offset },
          opts: {
            jobId: `${facts.id}-${first + offset}`,
            attempts: 5,
            backoff: { type: 'exponential', delay: 1_000 },
            removeOnComplete: true,
            removeOnFail: 1_000,
          },
        }));
        await queue.addBulk(batch);
      }
      return facts;
    },
    counts: () => queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized'),
    async close() {
      await queue.close().catch(() => undefined);
    },
  };
}
