// The line of a node in the Raw tab's pretty text, checked against the text itself for arbitrary
// JSON; and the line index and UTF-8 size that come with the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecord, keysOf, type Segment } from './doc-path.ts';
import { lineCount, lineOf, prettyText } from './pretty-lines.ts';

/** Every path in the document, in document order. */
function allPaths(value: unknown, path: Segment[] = []): Segment[][] {
  const below = Array.isArray(value)
    ? value.flatMap((item, index) => allPaths(item, [...path, index]))
    : isRecord(value)
      ? keysOf(value).flatMap((key) => allPaths(value[key], [...path, key]))
      : [];
  return [path, ...below];
}

/** How the node's first line reads in the pretty text: its key (for an object member) and its indentation. */
function expectedStart(path: Segment[]): string {
  const last = path.at(-1);
  return `${'  '.repeat(path.length)}${typeof last === 'string' ? `${JSON.stringify(last)}: ` : ''}`;
}

describe('pretty lines', () => {
  it('puts every node on the line where the pretty text shows it', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const lines = JSON.stringify(value, null, 2).split('\n');
        expect(lineCount(value)).toBe(lines.length);
        for (const path of allPaths(value)) {
          const line = lineOf(value, path)!;
          expect(lines[line]!.startsWith(expectedStart(path))).toBe(true);
          expect(line + lineCount(pathValue(value, path)) - 1).toBeLessThan(lines.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('finds a line deep in a large array through its index (record 99,999 of 100,000)', () => {
    const records = Array.from({ length: 100_000 }, (_, index) => ({ id: index, tags: index % 2 ? ['a'] : [] }));
    const lines = JSON.stringify({ records }, null, 2).split('\n');
    const line = lineOf({ records }, ['records', 99_999, 'tags', 0])!;
    expect(lines[line]).toBe('        "a"');
    expect(lines[lineOf({ records }, ['records', 99_999])!]).toBe('    {');
  });

  it('has no line for a place the document does not have', () => {
    expect(lineOf({ a: [1] }, ['a', 1])).toBeUndefined();
    expect(lineOf({ a: [1] }, ['b'])).toBeUndefined();
    expect(lineOf({ a: [1] }, ['a', 0, 'x'])).toBeUndefined();
  });

  it('lays out the text with where each line starts and its UTF-8 size', () => {
    const value = { city: 'Zürich', emoji: '😀', list: [1, 2] };
    const { text, lineStarts, bytes } = prettyText(value);
    expect(text).toBe(JSON.stringify(value, null, 2));
    const lines = text.split('\n');
    expect(
      [...lineStarts].map((start, index) => text.slice(start, index + 1 < lineStarts.length ? lineStarts[index + 1]! - 1 : text.length)),
    ).toEqual(lines);
    expect(bytes).toBe(new TextEncoder().encode(text).length);
  });
});

function pathValue(value: unknown, path: Segment[]): unknown {
  return path.reduce<unknown>((at, segment) => (at as Record<string | number, unknown>)[segment], value);
}
