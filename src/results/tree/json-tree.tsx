// The body as a tree, virtualised: rows come from the set of opened nodes (document/tree-layout.ts),
// so opening an array of 100,000 records renders only the rows in view. A WAI-ARIA tree: the tree
// holds the focus and points at its active row (aria-activedescendant), which keeps the keyboard
// working whichever rows the virtualiser happens to render. A target (a query's result) opens its
// ancestors, scrolls its row to the middle, focuses the tree on it and marks it.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatPath, type DocPath } from '../document/doc-path.ts';
import { treeLayout, type OpenPaths, type TreeRow } from '../document/tree-layout.ts';
import './json-tree.css';

export const ROW_HEIGHT = 24;
const LONG_TEXT = 400;

/** A place to go to; a new `seq` goes again, even to the same place. */
export interface TreeTarget {
  path: DocPath;
  seq: number;
}

interface JsonTreeProps {
  value: unknown;
  target?: TreeTarget;
}

/** A collapsible view of a parsed body; only the rows in view are in the page. */
export function JsonTree({ value, target }: JsonTreeProps) {
  if (value === undefined) return <p className="empty">There is no parsed body to show; see the Raw tab.</p>;
  return <TreeView value={value} target={target} />;
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    const shown = value.length > LONG_TEXT ? `${value.slice(0, LONG_TEXT)}… (${value.length.toLocaleString('en-US')} characters)` : value;
    return <span className="tree-value type-string">{JSON.stringify(shown)}</span>;
  }
  return <span className={`tree-value type-${value === null ? 'null' : typeof value}`}>{String(value)}</span>;
}

function containerSummary(value: unknown, children: number): string {
  if (Array.isArray(value)) return `[${children.toLocaleString('en-US')} ${children === 1 ? 'item' : 'items'}]`;
  return `{${children.toLocaleString('en-US')} ${children === 1 ? 'key' : 'keys'}}`;
}

const ROOT_OPEN: OpenPaths = new Map([['$', []]]);

/** `open` with `path` and every ancestor of it opened (the path itself only when `self`). */
function withOpened(open: OpenPaths, path: DocPath, self: boolean): Map<string, DocPath> {
  const next = new Map(open);
  for (let length = 0; length < path.length + (self ? 1 : 0); length += 1) {
    const prefix = path.slice(0, length);
    next.set(formatPath(prefix), prefix);
  }
  return next;
}

interface Reveal {
  path: DocPath;
  focus: boolean;
  seq: number;
}

function TreeView({ value, target }: { value: unknown; target: TreeTarget | undefined }) {
  const baseId = useId();
  const treeRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ of: value, open: ROOT_OPEN, active: [] as DocPath, marked: undefined as string | undefined });
  const [seenTarget, setSeenTarget] = useState<TreeTarget>();
  const [reveal, setReveal] = useState<Reveal>({ path: [], focus: false, seq: 0 });
  // A new body starts closed again.
  const current = state.of === value ? state : { of: value, open: ROOT_OPEN, active: [] as DocPath, marked: undefined };
  if (current !== state) setState(current);
  if (target !== seenTarget) {
    setSeenTarget(target);
    if (target) {
      setState({ ...current, open: withOpened(current.open, target.path, false), active: target.path, marked: formatPath(target.path) });
      setReveal({ path: target.path, focus: true, seq: reveal.seq + 1 });
    }
  }
  const { open, active, marked } = current;
  const layout = useMemo(() => treeLayout(value, open), [value, open]);

  // The app does not use the React Compiler; the virtualiser is meant to be read on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: layout.count,
    getScrollElement: () => treeRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });

  const handled = useRef(0);
  useEffect(() => {
    if (reveal.seq === handled.current) return;
    handled.current = reveal.seq;
    const index = layout.indexOf(reveal.path);
    if (index !== undefined) virtualizer.scrollToIndex(index, { align: reveal.focus ? 'center' : 'auto' });
    if (reveal.focus) {
      // The tree itself into the window too (jsdom has no scrollIntoView), then the focus on it.
      treeRef.current?.scrollIntoView?.({ block: 'nearest' });
      treeRef.current?.focus({ preventScroll: true });
    }
  }, [reveal, layout, virtualizer]);

  const activeIndex = layout.indexOf(active) ?? 0;
  const items = virtualizer.getVirtualItems();
  const activeRendered = items.some((item) => item.index === activeIndex);

  function moveTo(path: DocPath) {
    setState({ ...current, active: path });
    setReveal({ path, focus: false, seq: reveal.seq + 1 });
  }

  function toggle(row: TreeRow) {
    if (!row.children) return;
    if (row.open) {
      const next = new Map(open);
      next.delete(row.id);
      setState({ ...current, open: next, active: row.path });
    } else setState({ ...current, open: withOpened(open, row.path, true), active: row.path });
  }

  function onKeyDown(event: KeyboardEvent) {
    const row = layout.rowAt(activeIndex);
    const go = (index: number) => moveTo(layout.rowAt(Math.min(layout.count - 1, Math.max(0, index))).path);
    const page = Math.max(1, Math.floor((treeRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const actions: Record<string, () => void> = {
      ArrowDown: () => go(activeIndex + 1),
      ArrowUp: () => go(activeIndex - 1),
      PageDown: () => go(activeIndex + page),
      PageUp: () => go(activeIndex - page),
      Home: () => go(0),
      End: () => go(layout.count - 1),
      ArrowRight: () => (row.children && !row.open ? toggle(row) : row.open ? go(activeIndex + 1) : undefined),
      ArrowLeft: () => (row.open ? toggle(row) : row.depth > 0 ? moveTo(row.path.slice(0, -1)) : undefined),
      Enter: () => toggle(row),
      ' ': () => toggle(row),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <div
      ref={treeRef}
      className="json-tree"
      role="tree"
      aria-label="Body as a tree"
      tabIndex={0}
      aria-activedescendant={activeRendered ? `${baseId}-row-${activeIndex}` : undefined}
      onKeyDown={onKeyDown}
    >
      <div role="none" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => (
          <Row
            key={item.index}
            id={`${baseId}-row-${item.index}`}
            row={layout.rowAt(item.index)}
            start={item.start}
            active={item.index === activeIndex}
            marked={marked}
            onPick={(row) => {
              if (row.children) toggle(row);
              else setState({ ...current, active: row.path });
              treeRef.current?.focus({ preventScroll: true });
            }}
          />
        ))}
      </div>
    </div>
  );
}

interface RowProps {
  id: string;
  row: TreeRow;
  start: number;
  active: boolean;
  marked: string | undefined;
  onPick: (row: TreeRow) => void;
}

function Row({ id, row, start, active, marked, onPick }: RowProps) {
  const expandable = row.children !== undefined && row.children > 0;
  const classes = ['tree-row', active && 'is-active', row.id === marked && 'is-target'].filter(Boolean).join(' ');
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-setsize={row.siblings}
      aria-posinset={row.position}
      aria-expanded={expandable ? row.open : undefined}
      aria-selected={active}
      data-path={row.id}
      className={classes}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT, paddingLeft: `${row.depth * 1.1 + 0.25}rem` }}
      onClick={() => onPick(row)}
    >
      {/* The caret is drawn by CSS from aria-expanded, so it is neither text nor read out. */}
      <span aria-hidden="true" className="tree-caret" />
      <span className="tree-key">{row.name}</span>
      {row.children !== undefined ? (
        <>
          {' '}
          <span className="tree-summary">{containerSummary(row.value, row.children)}</span>
        </>
      ) : (
        <>
          : <Primitive value={row.value} />
        </>
      )}
    </div>
  );
}
