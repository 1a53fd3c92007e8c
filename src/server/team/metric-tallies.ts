// The proxy's per-request metrics without prom-client on the request path: a request adds one to a
// plain counter (a Map keyed by its label values), and prom-client's values are made from these
// tallies only when /metrics is gathered. prom-client's inc and observe validate and hash their
// label object on every call, a few microseconds per proxied request (issue 11's profile).
import { Counter, type Registry } from 'prom-client';

/** A prom-client Counter whose increments are gathered in a Map and handed over at collect time. */
export class TalliedCounter<Label extends string> {
  readonly counter: Counter<Label>;
  /** Label values joined by a separator that no label value holds → [labels, increments not yet handed over]. */
  private readonly pending = new Map<string, { labels: Record<Label, string | number>; count: number }>();

  constructor(options: { name: string; help: string; labelNames: readonly Label[]; registry: Registry }) {
    const pending = this.pending;
    this.counter = new Counter<Label>({
      name: options.name,
      help: options.help,
      labelNames: options.labelNames,
      registers: [options.registry],
      collect() {
        for (const { labels, count } of pending.values()) if (count > 0) this.inc(labels as never, count);
        pending.clear();
      },
    });
  }

  /** Adds one for these label values; `key` is the label values joined in a fixed order (the caller's, cheaper than hashing an object). */
  inc(key: string, labels: () => Record<Label, string | number>): void {
    const entry = this.pending.get(key);
    if (entry) entry.count++;
    else this.pending.set(key, { labels: labels(), count: 1 });
  }
}

/** One exported value, as prom-client's Histogram.get() has it (no exemplars: `null` on buckets, as prom-client leaves them). */
interface ExportedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
  exemplar?: null;
}

/** Per label value: how many observations fell at or under each bound (not cumulative), their sum and count. */
interface HistogramCell {
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * A histogram with one label, kept as plain numbers and exported in prom-client's shape (the text
 * and the JSON its AggregatorRegistry sums across server processes are those of a prom-client
 * Histogram with the same name, buckets and observations: the test compares them).
 */
export class TalliedHistogram<Label extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly cells = new Map<string, HistogramCell>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: Label,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  observe(labelValue: string, value: number): void {
    if (!Number.isFinite(value)) return;
    let cell = this.cells.get(labelValue);
    if (!cell) this.cells.set(labelValue, (cell = { buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 }));
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++)
      if (value <= bounds[i]!) {
        cell.buckets[i]!++;
        break;
      }
    cell.sum += value;
    cell.count++;
  }

  /** The values as prom-client's Histogram.get() gives them (label `le` beside the metric's own). */
  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: ExportedValue[] }> {
    const values: ExportedValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const [labelValue, cell] of this.cells) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += cell.buckets[i]!;
        values.push({ labels: { le: bound, [this.label]: labelValue }, value: cumulative, metricName: bucketName, exemplar: null });
      });
      values.push({ labels: { le: '+Inf', [this.label]: labelValue }, value: cell.count, metricName: bucketName, exemplar: null });
      values.push({ labels: { [this.label]: labelValue }, value: cell.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { [this.label]: labelValue }, value: cell.count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    this.cells.clear();
  }
}
