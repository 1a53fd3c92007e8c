// The palette's keyboard state: the query typed and which option is active. Focus never leaves
// the input (the options are pointed at through aria-activedescendant), so this is all there is.

export interface PaletteState {
  query: string;
  /** Index of the active option among those listed; -1 when none is listed. */
  active: number;
}

export type PaletteAction =
  | { type: 'type'; query: string }
  | { type: 'move'; to: 'next' | 'previous' | 'first' | 'last'; count: number }
  | { type: 'point'; index: number };

export const INITIAL_PALETTE: PaletteState = { query: '', active: 0 };

export function paletteReducer(state: PaletteState, action: PaletteAction): PaletteState {
  switch (action.type) {
    case 'type':
      // A new query lists new options: the best one is active.
      return { query: action.query, active: 0 };
    case 'point':
      return { ...state, active: action.index };
    case 'move': {
      const { count } = action;
      if (count === 0) return { ...state, active: -1 };
      const from = Math.min(Math.max(state.active, 0), count - 1);
      const active = { next: (from + 1) % count, previous: (from - 1 + count) % count, first: 0, last: count - 1 }[action.to];
      return { ...state, active };
    }
  }
}

/** The move a key makes in the list, if it makes one (Up and Down wrap around). */
export function moveForKey(key: string): 'next' | 'previous' | 'first' | 'last' | undefined {
  return ({ ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' } as const)[key as 'ArrowDown'];
}

/** The active option, kept in range when the list has shrunk since it was chosen. */
export function activeIndex(state: PaletteState, count: number): number {
  return count === 0 ? -1 : Math.min(Math.max(state.active, 0), count - 1);
}
