// Reading a table cell that is cut off: the cell's title shows the full text on hover, and a "…"
// button (a tab stop, so keyboard users reach it) opens the full value in a panel above the table.
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';

/** Cells longer than this may not fit their column (11rem): they get a title and a "…" button. */
export const CUT_OFF_LENGTH = 20;

export interface FullValue {
  column: string;
  /** 1-based row number as the table shows it. */
  row: number;
  text: string;
  /** The button that opened it, focused again on close. */
  opener: HTMLElement | null;
}

interface ExpandButtonProps {
  column: string;
  row: number;
  onOpen: (opener: HTMLElement) => void;
}

export function ExpandButton({ column, row, onOpen }: ExpandButtonProps) {
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    // The row selects on click and Enter: the button does its own thing only.
    event.stopPropagation();
    onOpen(event.currentTarget);
  };
  const keep = (event: KeyboardEvent) => event.stopPropagation();
  return (
    <button type="button" className="cell-expand" aria-label={`Full value of ${column}, row ${row}`} onClick={open} onKeyDown={keep}>
      …
    </button>
  );
}

export function FullValuePanel({ value, onClose }: { value: FullValue; onClose: () => void }) {
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [value]);
  const close = () => {
    onClose();
    value.opener?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };
  return (
    <div ref={panel} role="dialog" aria-labelledby={headingId} className="full-value" tabIndex={-1} onKeyDown={onKeyDown}>
      <h3 id={headingId}>
        {value.column}, row {value.row}
      </h3>
      <p className="full-value-text">{value.text}</p>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}
