// Where a node starts in the pretty text the Raw tab shows (JSON.stringify(value, null, 2)), so a
// query's result can scroll the raw text to its line without searching the text. In that layout a
// primitive or an empty container is one line, and a container is its opening line, its children's
// lines and its closing line.
import { isContainer, positionOf, type DocPath } from './doc-path.ts';

const counts = new WeakMap<object, number>();
/** Per large container: the line, relative to the container's first, where each child starts. */
const starts = new WeakMap<object, Float64Array>();
const INDEXED_FROM = 64;

function childrenOf(value: Record<string, unknown> | unknown[]): unknown[] {
  return Array.isArray(value) ? value : Object.values(value);
}

/** How many lines the value takes in the pretty text. */
export function lineCount(value: unknown): number {
  if (!isContainer(value)) return 1;
  let count = counts.get(value);
  if (count !== undefined) return count;
  const children = childrenOf(value);
  count = children.length === 0 ? 1 : 2;
  for (const child of children) count += lineCount(child);
  counts.set(value, count);
  return count;
}

/** The line (0-based) of the child at `position`, relative to its container's opening line. */
function childOffset(value: Record<string, unknown> | unknown[], position: number): number {
  const children = childrenOf(value);
  if (children.length < INDEXED_FROM) {
    let offset = 1;
    for (let index = 0; index < position; index += 1) offset += lineCount(children[index]);
    return offset;
  }
  let table = starts.get(value);
  if (!table) {
    table = new Float64Array(children.length);
    let offset = 1;
    for (let index = 0; index < children.length; index += 1) {
      table[index] = offset;
      offset += lineCount(children[index]);
    }
    starts.set(value, table);
  }
  return table[position]!;
}

/** The line (0-based) where the node at `path` starts, or undefined when there is no such node. */
export function lineOf(root: unknown, path: DocPath): number | undefined {
  let line = 0;
  let value = root;
  for (const segment of path) {
    if (!isContainer(value)) return undefined;
    const position = positionOf(value, segment);
    if (position < 0) return undefined;
    line += childOffset(value, position);
    value = Array.isArray(value) ? value[position] : value[segment as string];
  }
  return line;
}

/** The pretty text with where each line starts (so the page slices lines instead of splitting 2 million), and its UTF-8 size. */
export interface PrettyText {
  text: string;
  lineStarts: Uint32Array;
  bytes: number;
}

export function prettyText(value: unknown): PrettyText {
  const text = JSON.stringify(value, null, 2) ?? '';
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  const lineStarts = new Uint32Array(lines);
  let bytes = 0;
  let line = 1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 10) lineStarts[line++] = index + 1;
    // UTF-8: a surrogate pair (4 bytes) counts 2 per half.
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3;
  }
  return { text, lineStarts, bytes };
}
