import { describe, expect, it } from 'vitest';
import { activeIndex, INITIAL_PALETTE, moveForKey, paletteReducer, type PaletteState } from './palette-keys.ts';

const move = (state: PaletteState, to: 'next' | 'previous' | 'first' | 'last', count = 4) =>
  paletteReducer(state, { type: 'move', to, count });

describe('the palette’s keyboard reducer', () => {
  it('maps the list keys, and nothing else', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter', 'a'].map(moveForKey)).toEqual([
      'next',
      'previous',
      'first',
      'last',
      undefined,
      undefined,
    ]);
  });

  it('moves down and up, wrapping at both ends', () => {
    let state = INITIAL_PALETTE;
    state = move(state, 'next');
    state = move(state, 'next');
    expect(state.active).toBe(2);
    state = move(move(state, 'next'), 'next');
    expect(state.active).toBe(0);
    expect(move(state, 'previous').active).toBe(3);
  });

  it('jumps to the first and the last option', () => {
    expect(move({ query: '', active: 2 }, 'first').active).toBe(0);
    expect(move({ query: '', active: 0 }, 'last').active).toBe(3);
  });

  it('makes the best option active again when the query changes', () => {
    expect(paletteReducer({ query: 'cr', active: 3 }, { type: 'type', query: 'crime' })).toEqual({ query: 'crime', active: 0 });
  });

  it('points at an option under the mouse, and has none active when nothing is listed', () => {
    expect(paletteReducer(INITIAL_PALETTE, { type: 'point', index: 2 }).active).toBe(2);
    expect(move({ query: 'zzz', active: 0 }, 'next', 0).active).toBe(-1);
  });

  it('keeps the active option in range when the list shrinks', () => {
    expect(activeIndex({ query: 'c', active: 7 }, 3)).toBe(2);
    expect(activeIndex({ query: 'c', active: -1 }, 3)).toBe(0);
    expect(activeIndex({ query: 'c', active: 1 }, 0)).toBe(-1);
    expect(move({ query: '', active: 9 }, 'next').active).toBe(0);
  });
});
