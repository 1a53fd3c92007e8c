// Every operation whose paging adapter offers its pages for merging ("Fetch all pages"), found by
// looping the registry over each operation's sample answers, never by letter: its page 2 request is
// the query with only the page parameter changed, reads back as page 2, and the merged body it
// builds is an answer of its own response shape holding exactly the merged records.
import { describe, expect, it } from 'vitest';
import type { AnyLookup, AnyOperation, PageJump, Params } from './define-lookup.ts';
import { interpretAnswer } from './answer.ts';
import { buildRequest } from './request.ts';
import { allLookups, lookups } from './registry.ts';
import { samplesOf } from './testing/lookup-samples.ts';

interface PagedSample {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  body: unknown;
  jump: PageJump;
}

const read = (sample: Omit<PagedSample, 'jump'>, params: Params, body: unknown = sample.body) =>
  interpretAnswer(sample.lookup, sample.operation, params, { body, headers: [] }, { mask: false });

const paged: PagedSample[] = allLookups.flatMap((lookup) =>
  lookup.operations.flatMap((operation) =>
    samplesOf(lookup, operation).flatMap((body) => {
      const params = operation.params.parse(operation.example) as Params;
      const jump = read({ lookup, operation, params, body }, params).paging?.pages;
      return jump?.merge ? [{ lookup, operation, params, body, jump }] : [];
    }),
  ),
);

const name = (sample: PagedSample) => `${sample.lookup.id} ${sample.operation.id}`;

describe('operations whose pages merge', () => {
  it('are found from the registry: the lookups that page by a parameter', () => {
    const found = new Set(paged.map((sample) => sample.operation));
    expect(found).toContain(lookups.L.operations[0]);
    expect(found).toContain(lookups.T.operations[0]);
  });

  it.each(paged.map((sample) => [name(sample), sample] as const))(
    '%s builds page 2 as the same query with only the page parameter changed',
    (_, sample) => {
      const { operation, jump } = sample;
      const first = jump.to(1);
      const second = jump.to(2);
      expect(operation.params.safeParse(second).success).toBe(true);
      const changed = Object.keys({ ...first, ...second }).filter((key) => first[key] !== second[key]);
      expect(changed).toHaveLength(1);
      const [pageParam] = changed as [string];
      // Every other value of the query is kept, in the request the proxy receives.
      const requestOf = (params: Params) => buildRequest(operation, params);
      const [one, two] = [requestOf(first), requestOf(second)];
      expect(two.method).toBe(one.method);
      expect(two.path).toBe(one.path);
      expect(two.query.filter(([key]) => key !== pageParam)).toEqual(one.query.filter(([key]) => key !== pageParam));
      expect(two.query.find(([key]) => key === pageParam)?.[1]).not.toBe(one.query.find(([key]) => key === pageParam)?.[1]);
      // The definition reads its own page 2 request back as page 2 of the same pages.
      expect(read(sample, second).paging?.pages).toMatchObject({ page: 2, last: jump.last });
    },
  );

  it.each(paged.map((sample) => [name(sample), sample] as const))('%s merges records into one answer of its own shape', (_, sample) => {
    const records = read(sample, sample.params).records;
    expect(records.length).toBeGreaterThan(0);
    const merged = [...records, ...records.map((record) => ({ ...(record as object) }))];
    const answer = read(sample, sample.params, sample.jump.merge!.body(merged));
    expect(answer.records).toEqual(merged);
    expect(answer.drift).toEqual([]);
    expect(answer.errorMessage).toBeUndefined();
  });
});
