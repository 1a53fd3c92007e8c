// /metrics across the server processes of LOOKUP_WORKERS: the worker that receives a scrape asks
// the primary over the cluster's IPC channel; the primary collects every worker's registry with
// prom-client's AggregatorRegistry (which asks each worker in turn) and sends the sum back.
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'lookup-explorer:metrics-ask';
const ANSWER = 'lookup-explorer:metrics-answer';
const TIMEOUT_MS = 5_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' requests for the whole server's figures. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}

let nextId = 0;
const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
let listening = false;

/** In a worker: offers `registry` to the primary's aggregation (call once, at start-up). */
export function joinClusterMetrics(registry: Registry): void {
  // Constructing one registers prom-client's worker-side listener.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  if (listening) return;
  listening = true;
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.text !== undefined) waiter.resolve(message.text);
    else waiter.reject(new Error(message.error ?? 'no answer'));
  });
}

/** In a worker: the whole server's metrics, gathered by the primary. */
export function clusterMetricsText(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('The primary process did not gather the metrics in time'));
    }, TIMEOUT_MS);
    pending.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send!({ type: ASK, id } satisfies Ask);
  });
}
