// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type * as RecordIdentityModule from '../../lookups/record-identity.ts';
import { allLookups } from '../../lookups/registry.ts';
import { readIdentity } from '../../lookups/record-identity.ts';
import { diffAnswers, diffRecords, diffStructure } from './diff.ts';

// Counting calls to the real readIdentity shows how records are matched, without a clock.
vi.mock('../../lookups/record-identity.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof RecordIdentityModule>();
  return { ...actual, readIdentity: vi.fn(actual.readIdentity) };
});

describe('diffRecords', () => {
  it('matches records by identity and counts added, removed, changed and unchanged', () => {
    const before = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ];
    const after = [
      { id: 3, name: 'c' },
      { id: 2, name: 'B' },
      { id: 4, name: 'd' },
    ];
    const diff = diffRecords(before, after, { identity: 'id' });
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(diff.matchedBy).toBe('identity');
    expect(diff.added.map((entry) => entry.key)).toEqual(['4']);
    expect(diff.removed.map((entry) => entry.key)).toEqual(['1']);
    expect(diff.changed).toEqual([{ key: '2', label: '2', fields: [{ path: 'name', kind: 'changed', before: 'b', after: 'B' }] }]);
  });

  it('diffs nested objects and arrays field by field, as paths', () => {
    const before = [{ id: 'x', address: { city: 'Oslo', zip: '0150' }, tags: ['a', 'b'], geo: { lat: 1 } }];
    const after = [{ id: 'x', address: { city: 'Bergen' }, tags: ['a', 'c', 'd'], geo: { lat: 1, lon: 2 }, note: { text: 'new' } }];
    const [changed] = diffRecords(before, after, { identity: 'id' }).changed;
    expect(changed!.fields).toEqual([
      { path: 'address.city', kind: 'changed', before: 'Oslo', after: 'Bergen' },
      { path: 'address.zip', kind: 'removed', before: '0150' },
      { path: 'tags.1', kind: 'changed', before: 'b', after: 'c' },
      { path: 'tags.2', kind: 'added', after: 'd' },
      { path: 'geo.lon', kind: 'added', after: 2 },
      { path: 'note.text', kind: 'added', after: 'new' },
    ]);
  });

  it('reports a value whose kind changed as one change at its path', () => {
    const diff = diffRecords([{ id: 1, v: 5 }], [{ id: 1, v: { n: 5 } }], { identity: 'id' });
    expect(diff.changed[0]!.fields).toEqual([{ path: 'v', kind: 'changed', before: 5, after: { n: 5 } }]);
  });

  it('matches a composite identity and uses the label adapter', () => {
    const before = [{ make: 'audi', model: 'a4', mpg: 30 }];
    const after = [
      { make: 'audi', model: 'a4', mpg: 31 },
      { make: 'audi', model: 'a6', mpg: 25 },
    ];
    const diff = diffRecords(before, after, { identity: ['make', 'model'], label: (record) => `${(record as { model: string }).model}` });
    expect(diff.counts).toEqual({ added: 1, removed: 0, changed: 1, unchanged: 0 });
    expect(diff.changed[0]).toMatchObject({ label: 'a4', fields: [{ path: 'mpg', before: 30, after: 31 }] });
    expect(diff.added[0]!.label).toBe('a6');
  });

  it('falls back to content for records without identity: equal content is unchanged, an edit is removed + added', () => {
    const before = [
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
    ];
    const after = [
      { n: 2, name: 'b' },
      { name: 'a', n: 9 },
    ];
    const diff = diffRecords(before, after, {});
    expect(diff.matchedBy).toBe('content');
    expect(diff.withoutIdentity).toBe(4);
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 0, unchanged: 1 });
    expect(diff.added[0]!.record).toEqual({ name: 'a', n: 9 });
    expect(diff.removed[0]!.record).toEqual({ name: 'a', n: 1 });
  });

  it('matches by content only the records that lack their identity (mixed)', () => {
    const diff = diffRecords([{ id: 1, v: 1 }, { v: 'loose' }], [{ id: 1, v: 2 }, { v: 'loose' }], { identity: 'id' });
    expect(diff.matchedBy).toBe('mixed');
    expect(diff.withoutIdentity).toBe(2);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 1, unchanged: 1 });
  });

  it('pairs repeated identities in order', () => {
    const diff = diffRecords(
      [
        { id: 1, v: 'a' },
        { id: 1, v: 'b' },
      ],
      [{ id: 1, v: 'a' }],
      { identity: 'id' },
    );
    expect(diff.counts).toEqual({ added: 0, removed: 1, changed: 0, unchanged: 1 });
    expect(diff.removed[0]!.record).toEqual({ id: 1, v: 'b' });
  });
});

describe('diffStructure', () => {
  it('lists added, removed and changed paths of a whole body', () => {
    const diff = diffStructure({ a: 1, b: { c: [1, 2] }, gone: true }, { a: 2, b: { c: [1] }, fresh: null });
    expect(diff.changes).toEqual([
      { path: 'a', kind: 'changed', before: 1, after: 2 },
      { path: 'b.c.1', kind: 'removed', before: 2 },
      { path: 'gone', kind: 'removed', before: true },
      { path: 'fresh', kind: 'added', after: null },
    ]);
    expect(diff.counts).toEqual({ added: 1, removed: 2, changed: 1 });
  });

  it('finds nothing between equal bodies, empty containers included', () => {
    expect(diffStructure({ a: [], b: {}, c: [{ d: 'x' }] }, { c: [{ d: 'x' }], b: {}, a: [] }).changes).toEqual([]);
  });

  it('compares two scalars or bodies of different kinds at the root', () => {
    expect(diffStructure('<a/>', '<b/>').changes).toEqual([{ path: '', kind: 'changed', before: '<a/>', after: '<b/>' }]);
  });
});

describe('diffAnswers', () => {
  // An operation whose body is the array of records, with a plain identity field: found from the
  // definitions, so the test names no lookup.
  const found = allLookups
    .flatMap((lookup) => lookup.operations.map((operation) => ({ lookup, operation })))
    .find(
      ({ operation }) =>
        operation.format === 'json' &&
        typeof operation.identity === 'string' &&
        !operation.identity.includes('.') &&
        operation.adapters?.records?.([{ probe: 1 }])?.length === 1,
    );
  const { lookup, operation } = found!;
  const field = operation.identity as string;
  const record = (key: number, extra: object = {}) => ({
    [field]: `k${key}`,
    kind: 'record',
    size: key % 7,
    nested: { city: 'Oslo', tags: ['a', 'b'] },
    ...extra,
  });

  it("matches records by the operation's identity, read through its records adapter", () => {
    const before = [record(1), record(2), record(3)];
    const after = [record(2, { nested: { city: 'Bergen', tags: ['a', 'b'] } }), record(3), record(4), record(5)];
    const diff = diffAnswers(lookup, operation, before, after);
    expect(diff.kind).toBe('records');
    if (diff.kind !== 'records') return;
    expect(diff.identity).toBe(field);
    expect(diff.matchedBy).toBe('identity');
    expect(diff.counts).toEqual({ added: 2, removed: 1, changed: 1, unchanged: 1 });
    expect(diff.changed[0]!.fields).toEqual([{ path: 'nested.city', kind: 'changed', before: 'Oslo', after: 'Bergen' }]);
    expect(diff.removed.map((entry) => entry.key)).toEqual(['k1']);
  });

  it('compares whole bodies when neither answer holds records (an error body)', () => {
    const diff = diffAnswers(lookup, operation, { error: { code: 101 } }, { error: { code: 104 } });
    expect(diff).toEqual({
      kind: 'structure',
      masked: false,
      counts: { added: 0, removed: 0, changed: 1 },
      changes: [{ path: 'error.code', kind: 'changed', before: 101, after: 104 }],
    });
  });

  it('diffs two 10,000-record answers reading each identity once (matched by key, not searched for)', () => {
    // The time it takes is bench/compare-diff.ts's figure; here, the work that keeps it linear.
    const many = (offset: number) => Array.from({ length: 10_000 }, (_, index) => record(index + offset));
    const after = many(500);
    after[0] = { ...after[0]!, kind: 'edited' };
    vi.mocked(readIdentity).mockClear();
    const diff = diffAnswers(lookup, operation, many(0), after);
    expect(diff.kind === 'records' && diff.counts).toEqual({ added: 500, removed: 500, changed: 1, unchanged: 9499 });
    expect(vi.mocked(readIdentity)).toHaveBeenCalledTimes(20_000);
  });
});

describe('masked answers', () => {
  // The browser's fallback numbers its stand-ins per answer (stand-ins.ts); the server's pseudonyms hold across answers.
  const local = (words: string, n: number) => `${words} ${n} (this answer)`;

  it('takes two stand-ins numbered per answer, of one kind, as equal, and still reports real changes', () => {
    const before = [{ id: 1, who: local('Person', 1), where: local('••• masked address', 2), what: 'theft' }];
    const after = [{ id: 1, who: local('Person', 3), where: local('••• masked address', 1), what: 'robbery' }];
    const masked = diffRecords(before, after, { identity: 'id', masked: true });
    expect(masked.masked).toBe(true);
    expect(masked.changed[0]!.fields).toEqual([{ path: 'what', kind: 'changed', before: 'theft', after: 'robbery' }]);
    // A stand-in of another kind, or unmasked answers, still differ.
    expect(
      diffRecords([{ id: 1, who: local('Person', 1) }], [{ id: 1, who: local('••• masked contact', 1) }], { identity: 'id', masked: true })
        .counts.changed,
    ).toBe(1);
    expect(diffRecords(before, after, { identity: 'id' }).changed[0]!.fields.map((field) => field.path)).toEqual(['who', 'where', 'what']);
  });

  it("compares the server's pseudonyms as they are: the same one is unchanged, another one is a change", () => {
    const before = [{ id: 1, who: 'Person 7f3ak2m9x0qd', where: '••• masked address 0c4hx2p9trvw' }];
    const same = diffRecords(before, [{ ...before[0]! }], { identity: 'id', masked: true });
    expect(same.counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 1 });
    const moved = diffRecords(before, [{ ...before[0]!, where: '••• masked address q1m8e5ds0bz3' }], { identity: 'id', masked: true });
    expect(moved.changed[0]!.fields).toEqual([
      { path: 'where', kind: 'changed', before: '••• masked address 0c4hx2p9trvw', after: '••• masked address q1m8e5ds0bz3' },
    ]);
  });

  it('matches records without identity by content with their numbered stand-ins read as their kind', () => {
    const diff = diffRecords([{ who: local('Person', 2), n: 1 }], [{ who: local('Person', 1), n: 1 }], { masked: true });
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 1 });
  });

  it('applies to whole-body diffs too', () => {
    expect(diffStructure({ owner: local('Person', 1) }, { owner: local('Person', 4) }, { masked: true }).changes).toEqual([]);
    expect(diffStructure({ owner: 'Person 7f3ak2m9x0qd' }, { owner: 'Person 0c4hx2p9trvw' }, { masked: true }).counts.changed).toBe(1);
  });
});
