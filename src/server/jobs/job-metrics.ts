// The jobs' figures on the team server's /metrics: queue depth (chunks waiting, delayed or being
// worked), rows settled by lookup and outcome (failures per lookup), and rows per second over the
// last minute on this instance.
import { Counter, Gauge, type Registry } from 'prom-client';

export interface JobMetrics {
  row(lookup: string, state: 'ok' | 'empty' | 'failed'): void;
}

const WINDOW_MS = 60_000;

export function createJobMetrics(registry: Registry | undefined, depth: () => Promise<Record<string, number>>): JobMetrics {
  const stamps: number[] = [];
  if (!registry) return { row: () => stamps.length };
  const rows = new Counter({
    name: 'lookup_job_rows_total',
    help: 'Rows of server-side jobs settled on this instance, by lookup letter and outcome (ok, empty, failed)',
    labelNames: ['lookup', 'state'],
    registers: [registry],
  });
  new Gauge({
    name: 'lookup_job_queue_depth',
    help: 'Chunks of server-side jobs in the queue, by state (waiting, delayed, active)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await depth().catch(() => ({}) as Record<string, number>);
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'lookup_job_rows_per_second',
    help: 'Rows of server-side jobs settled per second on this instance, over the last minute',
    registers: [registry],
    collect() {
      const since = Date.now() - WINDOW_MS;
      while (stamps.length > 0 && stamps[0]! < since) stamps.shift();
      this.set(stamps.length / (WINDOW_MS / 1000));
    },
  });
  return {
    row(lookup, state) {
      rows.inc({ lookup, state });
      stamps.push(Date.now());
      if (stamps.length > 200_000) stamps.splice(0, stamps.length - 100_000);
    },
  };
}
