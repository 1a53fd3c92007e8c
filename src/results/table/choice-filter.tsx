// "is one of" / "is none of" a column's few values: a button under the header opens a popover of
// checkboxes. The popover is the browser's own (the `popover` attribute): it sits in the top layer
// above the sticky header, the rows and the other filters, closes on Escape or a click elsewhere
// and gives the focus back to its button. It opens under the whole filter row, so it never hides
// another column's filter, and it is as wide as its list needs.
import { useCallback, useEffect, useId, useRef, type ToggleEvent } from 'react';
import type { ColumnFilter } from '../view-state.ts';
import { placePopover } from './popover-place.ts';

interface ChoiceFilterProps {
  column: string;
  choices: readonly string[];
  filter: ColumnFilter;
  onChange: (part: ColumnFilter) => void;
}

/** How a cell key reads: the empty key as "(empty)". */
export function shownKey(key: string): string {
  return key === '' ? '(empty)' : key;
}

export function ChoiceFilter({ column, choices, filter, onChange }: ChoiceFilterProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const excluding = filter.excludes !== undefined && filter.equals === undefined;
  const picked = new Set(excluding ? filter.excludes : filter.equals);
  const summary =
    picked.size === 0 ? 'Any' : `${excluding ? 'is not' : 'is'} ${picked.size === 1 ? shownKey([...picked][0]!) : `${picked.size} values`}`;
  const write = (keys: string[], exclude: boolean) =>
    onChange(exclude ? { equals: undefined, excludes: keys } : { equals: keys, excludes: undefined });

  const place = useCallback(() => {
    const own = button.current;
    const popover = panel.current;
    if (!own || !popover) return;
    const row = own.closest('tr') ?? own;
    const where = placePopover(own.getBoundingClientRect(), row.getBoundingClientRect(), popover.offsetWidth, {
      width: document.documentElement.clientWidth,
      height: window.innerHeight,
    });
    Object.assign(popover.style, {
      left: `${where.left}px`,
      minWidth: `${where.minWidth}px`,
      maxHeight: `${where.maxHeight}px`,
      top: where.top === undefined ? 'auto' : `${where.top}px`,
      bottom: where.bottom === undefined ? 'auto' : `${where.bottom}px`,
    });
  }, []);

  // While open it follows its button as the table or the page scrolls (a scroll inside the list excepted).
  const following = useRef<() => void>(undefined);
  const stopFollowing = () => {
    following.current?.();
    following.current = undefined;
  };
  useEffect(() => stopFollowing, []);

  function onToggle(event: ToggleEvent<HTMLDivElement>) {
    stopFollowing();
    if (event.newState !== 'open') return;
    place();
    const follow = (scrolled: Event) => {
      if (!(scrolled.target instanceof Node && panel.current?.contains(scrolled.target))) place();
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', place);
    following.current = () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', place);
    };
    // Into the popover at once, for the keyboard: on the mode chosen.
    panel.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }

  return (
    <div className="filter-choice">
      <button
        ref={button}
        type="button"
        className="filter-choice-button"
        popoverTarget={`${id}-panel`}
        aria-haspopup="dialog"
        aria-label={`Filter ${column}: ${summary}`}
      >
        {summary}
      </button>
      <div
        ref={panel}
        id={`${id}-panel`}
        popover="auto"
        role="dialog"
        aria-label={`Filter ${column}`}
        className="filter-choice-panel"
        onToggle={onToggle}
      >
        <fieldset>
          <legend>{column}</legend>
          <label>
            <input type="radio" name={`${id}-mode`} checked={!excluding} onChange={() => write([...picked], false)} />
            is one of
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={excluding} onChange={() => write([...picked], true)} />
            is none of
          </label>
          <ul>
            {choices.map((key) => (
              <li key={key}>
                <label>
                  <input
                    type="checkbox"
                    checked={picked.has(key)}
                    onChange={(event) =>
                      write(event.target.checked ? [...picked, key] : [...picked].filter((value) => value !== key), excluding)
                    }
                  />
                  {shownKey(key)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </div>
  );
}
