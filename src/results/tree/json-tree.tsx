import { useState } from 'react';

/** Children shown per step: a level of 10,000 items renders 100 until asked for more. */
export const TREE_PAGE = 100;
const LONG_TEXT = 400;

interface JsonTreeProps {
  value: unknown;
}

/** A collapsible view of a parsed body; children render only when their parent is opened. */
export function JsonTree({ value }: JsonTreeProps) {
  if (value === undefined) return <p className="empty">There is no parsed body to show; see the Raw tab.</p>;
  return (
    <ul className="json-tree" aria-label="Body as a tree">
      <TreeNode name="body" value={value} initiallyOpen />
    </ul>
  );
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    const shown = value.length > LONG_TEXT ? `${value.slice(0, LONG_TEXT)}… (${value.length.toLocaleString('en-US')} characters)` : value;
    return <span className="tree-value type-string">{JSON.stringify(shown)}</span>;
  }
  return <span className={`tree-value type-${value === null ? 'null' : typeof value}`}>{String(value)}</span>;
}

function containerSummary(value: Record<string, unknown> | unknown[]): string {
  if (Array.isArray(value)) return `[${value.length.toLocaleString('en-US')} ${value.length === 1 ? 'item' : 'items'}]`;
  const keys = Object.keys(value).length;
  return `{${keys.toLocaleString('en-US')} ${keys === 1 ? 'key' : 'keys'}}`;
}

function TreeNode({ name, value, initiallyOpen = false }: { name: string; value: unknown; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [limit, setLimit] = useState(TREE_PAGE);
  if (!isContainer(value)) {
    return (
      <li className="tree-leaf">
        <span className="tree-key">{name}</span>: <Primitive value={value} />
      </li>
    );
  }
  const total = Array.isArray(value) ? value.length : Object.keys(value).length;
  return (
    <li>
      <button type="button" className="tree-toggle" aria-expanded={open} onClick={() => setOpen(!open)} disabled={total === 0}>
        <span aria-hidden="true" className="tree-caret">
          {open ? '▾' : '▸'}
        </span>
        <span className="tree-key">{name}</span> <span className="tree-summary">{containerSummary(value)}</span>
      </button>
      {open && total > 0 && (
        <ul>
          {visibleEntries(value, limit).map(([key, item]) => (
            <TreeNode key={key} name={key} value={item} />
          ))}
          {total > limit && (
            <li>
              <button type="button" className="tree-more" onClick={() => setLimit(limit + TREE_PAGE)}>
                Show {Math.min(TREE_PAGE, total - limit)} more ({(total - limit).toLocaleString('en-US')} not shown)
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function visibleEntries(value: Record<string, unknown> | unknown[], limit: number): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.slice(0, limit).map((item, index) => [String(index), item]);
  return Object.keys(value)
    .slice(0, limit)
    .map((key) => [key, value[key]]);
}
