import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TalliedCounter, TalliedHistogram } from './metric-tallies.ts';

const BOUNDS = [0.005, 0.01, 0.1, 1, 10];

describe('TalliedCounter', () => {
  it('exports what a prom-client Counter incremented the same way exports', async () => {
    const tallied = new Registry();
    const plain = new Registry();
    const counter = new TalliedCounter({ name: 'requests_total', help: 'h', labelNames: ['lookup', 'status'] as const, registry: tallied });
    const reference = new Counter({ name: 'requests_total', help: 'h', labelNames: ['lookup', 'status'] as const, registers: [plain] });
    const calls: Array<[string, number]> = [
      ['a', 200],
      ['a', 200],
      ['b', 502],
      ['a', 404],
    ];
    for (const [lookup, status] of calls) {
      counter.inc(`${lookup} ${status}`, () => ({ lookup, status }));
      reference.inc({ lookup, status });
    }
    expect(await tallied.metrics()).toBe(await plain.metrics());
    // Handed over once: a second scrape shows the same totals, and later increments add to them.
    counter.inc('a 200', () => ({ lookup: 'a', status: 200 }));
    reference.inc({ lookup: 'a', status: 200 });
    expect(await tallied.metrics()).toBe(await plain.metrics());
    expect(await tallied.metrics()).toContain('requests_total{lookup="a",status="200"} 3');
  });
});

describe('TalliedHistogram', () => {
  it('exports, as text and as the JSON the cluster aggregator sums, what a prom-client Histogram exports', async () => {
    const tallied = new Registry();
    const plain = new Registry();
    const histogram = new TalliedHistogram('upstream_seconds', 'h', 'lookup', BOUNDS, tallied);
    const reference = new Histogram({
      name: 'upstream_seconds',
      help: 'h',
      labelNames: ['lookup'] as const,
      buckets: BOUNDS,
      registers: [plain],
    });
    const observations: Array<[string, number]> = [
      ['a', 0.001],
      ['a', 0.005],
      ['a', 0.05],
      ['b', 3],
      ['a', 42],
      ['b', 0.01],
    ];
    for (const [lookup, seconds] of observations) {
      histogram.observe(lookup, seconds);
      reference.observe({ lookup }, seconds);
    }
    expect(await tallied.metrics()).toBe(await plain.metrics());
    expect(await tallied.getMetricsAsJSON()).toEqual(await plain.getMetricsAsJSON());
    expect(await tallied.metrics()).toContain('upstream_seconds_bucket{le="0.01",lookup="a"} 2');
  });

  it('ignores a value that is not a finite number, and starts over on reset', async () => {
    const registry = new Registry();
    const histogram = new TalliedHistogram('upstream_seconds', 'h', 'lookup', BOUNDS, registry);
    histogram.observe('a', Number.NaN);
    expect(await registry.metrics()).not.toContain('upstream_seconds_count');
    histogram.observe('a', 0.5);
    expect(await registry.metrics()).toContain('upstream_seconds_count{lookup="a"} 1');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('upstream_seconds_count');
  });
});
