import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isRecord } from '../../lookups/adapters.ts';
import { recordsOf, schemaIssues } from '../../lookups/answer.ts';
import { allLookups } from '../../lookups/registry.ts';
import { samplesOf } from '../../lookups/testing/lookup-samples.ts';
import { BatchSchemaCheck } from './batch-check.ts';
import type { PathKey } from '../../lookups/json-splitter.ts';
import { valueAt } from '../../lookups/record-path.ts';

const record = z.looseObject({ id: z.number(), name: z.string() });

/** Checks `body`'s records at `path` in batches of `size`, as the engine does, and returns the issues. */
function checkInBatches(schema: z.ZodType, body: unknown, path: PathKey[], size: number) {
  const records = valueAt(body, path) as unknown[];
  const skeletonText = JSON.stringify(path.length === 0 ? [] : replaceAt(structuredClone(body), path, []));
  const check = new BatchSchemaCheck(schema, path);
  for (let at = 0; at < records.length; at += size) check.add(records.slice(at, at + size), at, () => JSON.parse(skeletonText));
  // Undefined: the page is to check the whole body (the answer's drift does, lazily).
  return check.finish(JSON.parse(skeletonText));
}

function replaceAt(body: unknown, path: PathKey[], value: unknown): unknown {
  (valueAt(body, path.slice(0, -1)) as Record<PathKey, unknown>)[path[path.length - 1]!] = value;
  return body;
}

/** Where in `body` the array `target` is (the array itself, not a copy), if anywhere. */
function pathOf(body: unknown, target: unknown, path: PathKey[] = []): PathKey[] | undefined {
  if (body === target) return path;
  const entries: Array<[PathKey, unknown]> = Array.isArray(body)
    ? body.map((value, index) => [index, value])
    : isRecord(body)
      ? Object.entries(body)
      : [];
  for (const [key, value] of entries) {
    const found = typeof value === 'object' && value !== null ? pathOf(value, target, [...path, key]) : undefined;
    if (found) return found;
  }
  return undefined;
}

const good = (id: number) => ({ id, name: `n${id}` });

describe('BatchSchemaCheck', () => {
  it('gives the whole body’s issues, in zod’s order, records before and after the rest', () => {
    const records = [good(0), { id: 'one', name: 1 }, good(2), good(3), { name: 'no id' }, good(5), good(6)];
    // The records array comes before another field in one schema and after it in the other.
    const before = z.object({ items: z.array(record), total: z.number(), after: z.string() });
    const after = z.object({ total: z.number(), items: z.array(record), after: z.string() });
    for (const schema of [before, after]) {
      const body = { total: 'seven', items: records, after: 3 };
      const expected = schemaIssues(schema, body);
      expect(expected.length).toBe(5);
      for (const size of [1, 2, 3, 7]) expect(checkInBatches(schema, body, ['items'], size), `batches of ${size}`).toEqual(expected);
    }
  });

  it('checks an L-shaped body, its records two levels down', () => {
    const schema = z.array(z.looseObject({ total_pages: z.number(), incidents: z.array(record) }));
    const body = [{ total_pages: 1, incidents: [good(0), good(1), { id: 2 }, good(3)] }];
    expect(checkInBatches(schema, body, [0, 'incidents'], 3)).toEqual(schemaIssues(schema, body));
    expect(checkInBatches(schema, body, [0, 'incidents'], 3)?.map((issue) => issue.path.join('.'))).toEqual(['0.incidents.2.name']);
  });

  it('leaves the whole body to the page when a rule is about the records array as a whole', () => {
    const atMost = z.object({ items: z.array(record).max(1) });
    const atLeast = z.object({ items: z.array(record).min(9) });
    const counted = z
      .object({ n: z.number(), items: z.array(record) })
      .refine((body) => body.items.length === body.n, { message: 'count', path: [] });
    const body = { n: 4, items: [good(0), good(1), good(2), good(3), good(4)] };
    for (const schema of [atMost, atLeast, counted]) {
      expect(schemaIssues(schema, body).length).toBeGreaterThan(0);
      expect(checkInBatches(schema, body, ['items'], 2)).toBeUndefined();
    }
  });

  it('misses only a rule over the whole array that each batch and the empty array pass', () => {
    // The one case batches cannot see (documented in batch-check.ts): no registered schema has it.
    const schema = z.object({ items: z.array(record).max(3) });
    const body = { items: [good(0), good(1), good(2), good(3)] };
    expect(schemaIssues(schema, body)).toHaveLength(1);
    expect(checkInBatches(schema, body, ['items'], 2)).toEqual([]);
  });

  it('finds no rule over the records array in any registered response schema', () => {
    // A rule over the array fails on an array of 1,000 valid records or on an empty one.
    let checked = 0;
    for (const lookup of allLookups) {
      for (const operation of lookup.operations) {
        const sample = samplesOf(lookup, operation)[0];
        const records = recordsOf(operation, sample);
        const path = pathOf(sample, records);
        if (!path || records.length === 0) continue;
        checked += 1;
        for (const count of [0, 1_000]) {
          const body = structuredClone(sample);
          replaceAt(
            body,
            path,
            Array.from({ length: count }, () => records[0]),
          );
          const arrayIssues = schemaIssues(operation.response, body).filter((issue) => issue.path.length <= path.length);
          expect(arrayIssues, `${lookup.id}.${operation.id} with ${count} records`).toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('checks records that are the body itself', () => {
    const schema = z.array(record);
    const body = [good(0), { id: 1 }, good(2), { id: 3, name: 4 }];
    expect(checkInBatches(schema, body, [], 1)).toEqual(schemaIssues(schema, body));
    expect(checkInBatches(z.array(record).min(10), body, [], 2)).toBeUndefined();
  });
});
