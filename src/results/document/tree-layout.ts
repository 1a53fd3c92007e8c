// The rows a virtualised tree shows, computed from the set of opened nodes without listing them:
// the layout counts rows per opened node, and `rowAt(i)` walks down to row i. A 100 MB body with
// an opened array of 100,000 records is 100,000 rows, but only the rows in view are ever built.
import {
  childAt,
  childCount,
  childKey,
  formatPath,
  isContainer,
  positionOf,
  type Container,
  type DocPath,
  type Segment,
} from './doc-path.ts';

export interface TreeRow {
  /** The row's node as JSONPath: its key in the tree. */
  id: string;
  path: Segment[];
  /** 0 for the root. */
  depth: number;
  /** The key or index, or the root's label. */
  name: string;
  value: unknown;
  /** Children, when the value is an object or array. */
  children: number | undefined;
  open: boolean;
  /** Place among its siblings (1-based) and their number; 1 of 1 for the root. */
  position: number;
  siblings: number;
}

export interface TreeLayout {
  /** Rows shown: the root, plus every child of an opened node whose ancestors are all open. */
  readonly count: number;
  rowAt(index: number): TreeRow;
  /** The row of the node at `path`, or undefined when one of its ancestors is closed. */
  indexOf(path: DocPath): number | undefined;
}

/** An opened node: its own opened children, ordered by position, and the rows its subtree shows. */
interface OpenNode {
  value: Container;
  size: number;
  children: OpenChild[];
}

interface OpenChild {
  position: number;
  key: Segment;
  node: OpenNode;
  /** Rows shown before this child's subtree, counted from the first child (one per child before it, plus their subtrees' extra rows). */
  start: number;
}

/** Opened paths, by id: the tree's state. The root is open when its id, `$`, is in it. */
export type OpenPaths = ReadonlyMap<string, DocPath>;

function buildOpen(value: Container, paths: DocPath[], depth: number): OpenNode {
  const byPosition = new Map<number, { key: Segment; paths: DocPath[] }>();
  for (const path of paths) {
    if (path.length <= depth) continue;
    const key = path[depth]!;
    const position = positionOf(value, key);
    if (position < 0) continue;
    let entry = byPosition.get(position);
    if (!entry) byPosition.set(position, (entry = { key, paths: [] }));
    entry.paths.push(path);
  }
  const children: OpenChild[] = [];
  let extra = 0;
  for (const position of [...byPosition.keys()].sort((a, b) => a - b)) {
    const { key, paths: below } = byPosition.get(position)!;
    const child = childAt(value, key);
    // Only a child that is itself opened shows its own children.
    if (!isContainer(child) || !below.some((path) => path.length === depth + 1)) continue;
    const node = buildOpen(child, below, depth + 1);
    children.push({ position, key, node, start: position + extra });
    extra += node.size - 1;
  }
  return { value, size: 1 + childCount(value) + extra, children };
}

/** The last opened child whose `field` is at or before `target` (children are sorted by both), or -1. */
function lastAtOrBefore(children: OpenChild[], field: 'start' | 'position', target: number): number {
  let low = 0;
  let high = children.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (children[middle]![field] <= target) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export function treeLayout(root: unknown, open: OpenPaths, rootName = 'body'): TreeLayout {
  const rootOpen = isContainer(root) && open.has('$');
  const top = rootOpen
    ? buildOpen(
        root,
        [...open.values()].filter((path) => path.length > 0),
        0,
      )
    : undefined;
  const count = top ? top.size : 1;

  const makeRow = (
    path: Segment[],
    name: string,
    value: unknown,
    node: OpenNode | undefined,
    position: number,
    siblings: number,
  ): TreeRow => ({
    id: formatPath(path),
    path,
    depth: path.length,
    name,
    value,
    children: isContainer(value) ? childCount(value) : undefined,
    open: node !== undefined,
    position,
    siblings,
  });

  return {
    count,
    rowAt(index) {
      if (index < 0 || index >= count) throw new RangeError(`row ${index} of ${count}`);
      const path: Segment[] = [];
      let node = top;
      let rest = index;
      let value: unknown = root;
      let position = 1;
      let siblings = 1;
      // Each turn: `rest` counts rows inside `node`'s subtree, 0 being the node itself.
      while (node && rest > 0) {
        const inside = rest - 1;
        const at = lastAtOrBefore(node.children, 'start', inside);
        const opened = at >= 0 ? node.children[at]! : undefined;
        let childPosition: number;
        if (opened && inside < opened.start + opened.node.size) {
          childPosition = opened.position;
          rest = inside - opened.start;
        } else {
          childPosition = opened ? inside - opened.start - opened.node.size + opened.position + 1 : inside;
          rest = 0;
        }
        const key = childKey(node.value, childPosition);
        siblings = childCount(node.value);
        position = childPosition + 1;
        value = childAt(node.value, key);
        path.push(key);
        node = opened && opened.position === childPosition ? opened.node : undefined;
      }
      const name = path.length === 0 ? rootName : String(path[path.length - 1]);
      return makeRow(path, name, value, node, position, siblings);
    },
    indexOf(path) {
      let node = top;
      let index = 0;
      for (const [depth, segment] of path.entries()) {
        if (!node) return undefined;
        const position = positionOf(node.value, segment);
        if (position < 0) return undefined;
        const at = lastAtOrBefore(node.children, 'position', position);
        const before = at >= 0 ? node.children[at]! : undefined;
        // Rows before this child inside its parent: one per sibling before it, plus opened siblings' subtrees.
        const offset = !before
          ? position
          : before.position === position
            ? before.start
            : before.start + before.node.size + (position - before.position - 1);
        index += 1 + offset;
        node = before && before.position === position ? before.node : undefined;
        if (!node && depth < path.length - 1) return undefined;
      }
      return index;
    },
  };
}
