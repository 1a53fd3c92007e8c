// The virtual tree's rows against a plain walk that lists every visible row, for arbitrary JSON and
// arbitrary sets of opened nodes; and the figure that matters for 100 MB: an opened array of
// 100,000 records answers for any row without building the others.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPath, isContainer, keysOf, type DocPath, type Segment } from './doc-path.ts';
import { treeLayout, type OpenPaths } from './tree-layout.ts';

/** Every container's path (the nodes that can be opened). */
function containerPaths(value: unknown, path: Segment[] = []): Segment[][] {
  if (!isContainer(value)) return [];
  const children = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : keysOf(value).map((key) => [key, value[key]] as const);
  return [path, ...children.flatMap(([key, child]) => containerPaths(child, [...path, key]))];
}

/** The rows by brute force: the root, then each opened container's children, depth first. */
function naiveRows(value: unknown, open: OpenPaths, path: Segment[] = []): Array<{ id: string; depth: number; open: boolean }> {
  const id = formatPath(path);
  const opened = isContainer(value) && open.has(id);
  const row = { id, depth: path.length, open: opened };
  if (!opened) return [row];
  const children = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : keysOf(value).map((key) => [key, value[key]] as const);
  return [row, ...children.flatMap(([key, child]) => naiveRows(child, open, [...path, key]))];
}

const openOf = (paths: readonly DocPath[]): OpenPaths => new Map(paths.map((path) => [formatPath(path), path]));

describe('treeLayout', () => {
  it('shows the same rows as a plain walk, and finds each row by its path', () => {
    const world = fc.jsonValue({ maxDepth: 4 }).chain((value) => {
      const paths = containerPaths(value);
      return fc.tuple(fc.constant(value), paths.length === 0 ? fc.constant([]) : fc.subarray(paths));
    });
    fc.assert(
      fc.property(world, ([value, opened]) => {
        const open = openOf(opened);
        const expected = naiveRows(value, open);
        const layout = treeLayout(value, open);
        expect(layout.count).toBe(expected.length);
        const rows = Array.from({ length: layout.count }, (_, index) => layout.rowAt(index));
        expect(rows.map(({ id, depth, open: isOpen }) => ({ id, depth, open: isOpen }))).toEqual(expected);
        for (const [index, row] of rows.entries()) expect(layout.indexOf(row.path)).toBe(index);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each row its name, value, children and place among its siblings', () => {
    const value = { status: { code: 0 }, items: [true, null] };
    const layout = treeLayout(value, openOf([[], ['items']]));
    expect(Array.from({ length: layout.count }, (_, index) => layout.rowAt(index))).toEqual([
      { id: '$', path: [], depth: 0, name: 'body', value, children: 2, open: true, position: 1, siblings: 1 },
      {
        id: '$.status',
        path: ['status'],
        depth: 1,
        name: 'status',
        value: value.status,
        children: 1,
        open: false,
        position: 1,
        siblings: 2,
      },
      { id: '$.items', path: ['items'], depth: 1, name: 'items', value: value.items, children: 2, open: true, position: 2, siblings: 2 },
      {
        id: '$.items[0]',
        path: ['items', 0],
        depth: 2,
        name: '0',
        value: true,
        children: undefined,
        open: false,
        position: 1,
        siblings: 2,
      },
      {
        id: '$.items[1]',
        path: ['items', 1],
        depth: 2,
        name: '1',
        value: null,
        children: undefined,
        open: false,
        position: 2,
        siblings: 2,
      },
    ]);
  });

  it('has no row for a node under a closed one, and ignores opened paths the document lacks', () => {
    const value = { a: { b: { c: 1 } } };
    const layout = treeLayout(value, openOf([[], ['a', 'b'], ['zz'], ['a', 'b', 'c']]));
    expect(layout.count).toBe(2);
    expect(layout.indexOf(['a', 'b'])).toBeUndefined();
    expect(layout.indexOf(['nope'])).toBeUndefined();
    expect(treeLayout(value, new Map()).count).toBe(1);
    expect(treeLayout(42, openOf([[]])).rowAt(0)).toMatchObject({ name: 'body', value: 42, children: undefined });
  });

  it('reaches record 99,999 of an opened array of 100,000 in a few steps, reading only the rows asked for', () => {
    const records = Array.from({ length: 100_000 }, (_, index) => ({ id: index, tags: ['x'] }));
    // Count the records whose keys are read: a layout that lists every row would read them all.
    let reads = 0;
    const counted = records.map((record) => new Proxy(record, { ownKeys: (target) => (reads++, Reflect.ownKeys(target)) }));
    const value = { records: counted };
    const layout = treeLayout(value, openOf([[], ['records'], ['records', 99_999], ['records', 5]]));
    expect(layout.count).toBe(1 + 1 + 100_000 + 2 + 2);
    const index = layout.indexOf(['records', 99_999, 'tags'])!;
    expect(layout.rowAt(index)).toMatchObject({ id: '$.records[99999].tags', depth: 3, position: 2, siblings: 2 });
    expect(layout.rowAt(layout.count - 1).id).toBe('$.records[99999].tags');
    expect(layout.rowAt(9).id).toBe('$.records[5].tags');
    expect(layout.rowAt(10).id).toBe('$.records[6]');
    expect(reads).toBeLessThan(10);
  });
});
