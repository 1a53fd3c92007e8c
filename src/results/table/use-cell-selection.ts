// The table's cell range: started by a click or from the focused row, extended by a drag,
// shift+click or shift+arrows, copied by Ctrl/Cmd+C as tab-separated text from the model. The
// row selection shared with the map stays the row's click, Enter and Space; a shift+click or a
// drag over cells does not change it.
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { boundsOf, type CellPoint, type CellRange, rangeSize, rangeToTsv, stepped } from './cell-range.ts';

interface HeldRange extends CellRange {
  /** The row order and columns the range was made in: a new sort, filter or column choice drops it. */
  order: readonly number[];
  columns: readonly string[];
}

interface CellSelectionInput {
  records: readonly unknown[];
  order: readonly number[];
  columns: readonly string[];
  /** Moves focus to the row at this position, scrolling it into the DOM first if need be. */
  focusRow: (position: number) => void;
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

export function useCellSelection({ records, order, columns, focusRow }: CellSelectionInput) {
  const [held, setHeld] = useState<HeldRange>();
  const [withHeader, setWithHeader] = useState(false);
  const [copied, setCopied] = useState('');
  const range = held && held.order === order && held.columns === columns ? held : undefined;
  const dragging = useRef(false);
  /** Set when a mouse gesture made a range, so the click that ends it does not toggle the row. */
  const madeRange = useRef(false);

  useEffect(() => {
    const stop = () => (dragging.current = false);
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  const select = (anchor: CellPoint, focus: CellPoint) => {
    setHeld({ anchor, focus, order, columns });
    setCopied('');
  };

  function onCellMouseDown(event: MouseEvent<HTMLElement>, point: CellPoint) {
    madeRange.current = false;
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    // No text selection under a cell selection; focus the row ourselves, as the browser would have.
    event.preventDefault();
    event.currentTarget.closest('tr')?.focus({ preventScroll: true });
    if (event.shiftKey && range) {
      madeRange.current = true;
      select(range.anchor, point);
      return;
    }
    dragging.current = true;
    select(point, point);
  }

  function onCellMouseEnter(event: MouseEvent, point: CellPoint) {
    if (!dragging.current || !range || (event.buttons & 1) === 0) return;
    madeRange.current = true;
    select(range.anchor, point);
  }

  /** True when the click ended a drag or shift+click, and must not toggle the row. */
  function clickMadeRange(): boolean {
    const made = madeRange.current;
    madeRange.current = false;
    return made;
  }

  /** Arrows move the focused cell, shift+arrows extend the range; true when the key was used. */
  function onRowArrow(event: KeyboardEvent, position: number): boolean {
    const from = range && range.focus.position === position ? range.focus : { position, column: range?.focus.column ?? 0 };
    const to = stepped(from, event.key, order.length, columns.length);
    if (!to) return false;
    event.preventDefault();
    if (event.shiftKey) select(range && range.focus.position === position ? range.anchor : from, to);
    else select(to, to);
    if (to.position !== position) focusRow(to.position);
    return true;
  }

  async function copy(event: KeyboardEvent) {
    if (!range || event.key.toLowerCase() !== 'c' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
    // Ctrl+C in a filter field, or over text selected by hand, is the browser's own copy.
    if ((event.target as Element).closest('input, textarea, select') || !(window.getSelection()?.isCollapsed ?? true)) return;
    event.preventDefault();
    const { rows, columns: width } = rangeSize(range);
    try {
      await navigator.clipboard.writeText(rangeToTsv({ records, order, columns }, range, withHeader));
      setCopied(
        `Copied ${rows.toLocaleString('en-US')} × ${width.toLocaleString('en-US')} cells${withHeader ? ' with the column names' : ''}.`,
      );
    } catch {
      setCopied('Copying failed: the browser refused the clipboard.');
    }
  }

  function clear() {
    setHeld(undefined);
    setCopied('');
  }

  /** What the status line (a live region) says about the range. */
  function describe(): string {
    if (!range) return '';
    if (copied) return copied;
    const { top, bottom, left, right } = boundsOf(range);
    const { rows, columns: width } = rangeSize(range);
    const where = `rows ${(top + 1).toLocaleString('en-US')}–${(bottom + 1).toLocaleString('en-US')} of the table, ${columns[left]}${right > left ? ` to ${columns[right]}` : ''}`;
    return `Selected ${plural(rows, 'row')} × ${plural(width, 'column')} (${where}). Ctrl+C copies; shift+arrows or shift+click extend; Escape clears.`;
  }

  return {
    range,
    bounds: range && boundsOf(range),
    withHeader,
    setWithHeader,
    onCellMouseDown,
    onCellMouseEnter,
    clickMadeRange,
    onRowArrow,
    copy,
    clear,
    describe,
  };
}
