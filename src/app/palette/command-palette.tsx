// The command palette (Ctrl/Cmd+K): one input that finds any lookup, saved query, recent history
// entry or action, and opens it. An ARIA modal dialog holding a combobox and its listbox (the
// APG's pattern): focus stays in the input, the active option is pointed at through
// aria-activedescendant, Up/Down/Home/End move, Enter opens, Escape or a click outside closes.
// This module is its own chunk, loaded on first open (palette-launcher.tsx).
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { catalogEntries } from 'virtual:lookup-catalog';
import { useLookupConfig } from '../../api/lookup-config-query.ts';
import { listHistory, onHistoryChange, type HistoryEntry } from '../../workbench/history/history-store.ts';
import { usePreferences } from '../preferences.tsx';
import { onPageActionsChange, pageActions } from './page-actions.ts';
import { actionItems } from './palette-actions.ts';
import { historyItems, lookupItems, savedSqlItems } from './palette-items.ts';
import { readSavedSql } from '../../workbench/saved/saved-sql.ts';
import { activeIndex, INITIAL_PALETTE, moveForKey, paletteReducer } from './palette-keys.ts';
import { GROUP_LIMIT, rankItems, type PaletteItem } from './palette-match.ts';
import { useSavedMatches } from './use-saved-matches.ts';
import { QueryScope } from '../query-scope.tsx';
import { useIdentity } from '../../api/identity-client.ts';
import { submitSignOut } from '../../api/sign-out.ts';
import './command-palette.css';

/** A browser store's list, kept current; empty while loading or where IndexedDB is unavailable. */
function useStoredList<T>(load: () => Promise<T[]>, onChange: (listener: () => void) => () => void): T[] {
  const [list, setList] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      load().then(
        (loaded) => live && setList(loaded),
        // Private browsing without IndexedDB: the palette still finds lookups and actions.
        () => live && setList([]),
      );
    void refresh();
    const stop = onChange(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, [load, onChange]);
  return list;
}

const loadHistory = () => listHistory();

/** Everything the palette may list for `query`: saved queries come as their few best matches, searched off the page's thread. */
function usePaletteItems(query: string): PaletteItem[] {
  const { masked, setMasked, theme, setTheme } = usePreferences();
  const maskForced = useLookupConfig().data?.mask === 'always';
  const page = useSyncExternalStore(onPageActionsChange, pageActions);
  const saved = useSavedMatches(query, GROUP_LIMIT.saved, catalogEntries);
  const history = useStoredList<HistoryEntry>(loadHistory, onHistoryChange);
  const [openedAt] = useState(() => Date.now());
  const [savedSql] = useState(readSavedSql);
  // Signed in to a team server: "Sign out" is one of the actions.
  const signedIn = useIdentity() !== null;
  return useMemo(
    () => [
      ...lookupItems(catalogEntries),
      ...saved,
      ...savedSqlItems(savedSql),
      ...historyItems(history, catalogEntries, openedAt),
      ...actionItems({
        masked,
        maskForced,
        setMasked,
        theme,
        setTheme,
        pageActions: page,
        ...(signedIn && { signOut: () => submitSignOut() }),
      }),
    ],
    [saved, savedSql, history, openedAt, masked, maskForced, setMasked, theme, setTheme, page, signedIn],
  );
}

const FOCUSABLE = 'input, button, [href], [tabindex]:not([tabindex="-1"])';

type PaletteProps = { onClose: (how?: { navigated?: boolean }) => void };

/** The palette in the app's query scope (it reads the server's masking policy). */
export default function CommandPalette(props: PaletteProps) {
  return (
    <QueryScope>
      <Palette {...props} />
    </QueryScope>
  );
}

function Palette({ onClose }: PaletteProps) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(paletteReducer, INITIAL_PALETTE);
  const items = usePaletteItems(state.query);
  const sections = useMemo(() => rankItems(items, state.query), [items, state.query]);
  const listed = sections.flatMap((section) => section.items);
  const active = activeIndex(state, listed.length);
  const id = useId();
  const optionId = (item: PaletteItem) => `${id}-option-${item.id}`;
  const activeItem = listed[active];
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  // In the commit that shows the dialog, not in an effect after it: a busy page runs effects late,
  // and keys typed at once must reach the input.
  useLayoutEffect(() => input.current?.focus(), []);
  // The active option stays in view as Up and Down move through a long list.
  const activeId = activeItem ? optionId(activeItem) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function choose(item: PaletteItem) {
    if (item.target.kind === 'navigate') {
      void navigate(item.target.to);
      onClose({ navigated: true });
    } else {
      onClose();
      item.target.run();
    }
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const move = moveForKey(event.key);
    if (move) {
      event.preventDefault();
      dispatch({ type: 'move', to: move, count: listed.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeItem) choose(activeItem);
    }
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog: Tab cycles through its own controls.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const at = focusable.indexOf(document.activeElement as HTMLElement);
      const next = focusable[(at + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length];
      event.preventDefault();
      next?.focus();
    }
  }

  const listId = `${id}-list`;
  const titleId = `${id}-title`;
  return createPortal(
    <div
      className="palette-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // Without this the press would then move focus to the page's body, away from the opener.
        event.preventDefault();
        onClose();
      }}
    >
      <div ref={dialog} className="palette" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onDialogKeyDown}>
        <h2 id={titleId} className="visually-hidden">
          Command palette
        </h2>
        <div className="palette-search">
          <input
            ref={input}
            type="text"
            role="combobox"
            aria-label="Go to a lookup, saved query, history entry or action"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            placeholder="Type a letter, a name, a keyword or an action…"
            value={state.query}
            onChange={(event) => dispatch({ type: 'type', query: event.target.value })}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className="palette-close" onClick={() => onClose()}>
            Close <kbd>Esc</kbd>
          </button>
        </div>
        <div id={listId} role="listbox" aria-label="Matches" className="palette-list">
          {sections.map((section) => (
            <div key={section.group} role="group" aria-labelledby={`${id}-group-${section.group}`}>
              <div id={`${id}-group-${section.group}`} role="presentation" className="palette-group-label">
                {section.label}
              </div>
              {section.items.map((item) => {
                const selected = item === activeItem;
                return (
                  <div
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    className="palette-option"
                    // The input keeps focus; a click only chooses.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => !selected && dispatch({ type: 'point', index: listed.indexOf(item) })}
                    onClick={() => choose(item)}
                  >
                    <span className="palette-label">{item.label}</span>
                    {item.detail && <span className="palette-detail">{item.detail}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {listed.length === 0 && <p className="palette-empty">Nothing matches “{state.query}”.</p>}
        <p className="palette-hint" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> open · <kbd>Esc</kbd> close
        </p>
        <p role="status" className="visually-hidden">
          {listed.length === 1 ? '1 match' : `${listed.length} matches`}
        </p>
      </div>
    </div>,
    document.body,
  );
}
