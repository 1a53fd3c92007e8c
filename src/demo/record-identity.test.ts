// @vitest-environment node
// Compare matches the records of two answers by each operation's declared identity: every
// operation with records declares one, and in the demo's answer to its example every record has
// an identity and no two records share one.
import { describe, expect, it } from 'vitest';
import { lookups } from '../lookups/registry.ts';
import { readIdentity } from '../lookups/record-identity.ts';
import { fromXml } from '../lookups/xml.ts';
import { demoGenerators } from './generators.ts';

const operations = Object.values(lookups).flatMap((lookup) => lookup.operations.map((operation) => ({ lookup, operation })));

describe('record identity', () => {
  it.each(operations.map(({ lookup, operation }) => [`${lookup.id} ${operation.id}`, lookup, operation] as const))(
    '%s: declares an identity that every demo record holds, once',
    (_name, lookup, operation) => {
      if (!operation.adapters?.records) {
        expect(operation.identity).toBeUndefined();
        return;
      }
      expect(operation.identity).toBeDefined();
      const identity = operation.identity!;
      const params = operation.params.parse(operation.example);
      const answer = demoGenerators[lookup.id]({ lookup, operation, params, requestId: 'identity' });
      expect(answer.status).toBe(200);
      const body = operation.format === 'xml' ? fromXml(String(answer.body), operation) : answer.body;
      const records = operation.adapters.records(body) ?? [];
      expect(records.length).toBeGreaterThan(0);
      const keys = records.map((record) => readIdentity(identity, record));
      expect(keys.filter((key) => key === undefined)).toEqual([]);
      expect(new Set(keys).size).toBe(keys.length);
    },
  );
});
