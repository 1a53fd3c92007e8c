import { describe, expect, it } from 'vitest';
import { pieArcs } from './png-export.ts';

describe('pieArcs', () => {
  it('turns a bubble’s slices into arcs from the top, clockwise, each its share of the circle', () => {
    const arcs = pieArcs('#0072b2 3;#e69f00 1');
    expect(arcs.map((arc) => arc.color)).toEqual(['#0072b2', '#e69f00']);
    expect(arcs[0]!.start).toBeCloseTo(-Math.PI / 2);
    expect(arcs[0]!.end - arcs[0]!.start).toBeCloseTo((3 / 4) * 2 * Math.PI);
    expect(arcs[1]!.start).toBe(arcs[0]!.end);
    expect(arcs[1]!.end).toBeCloseTo((3 / 2) * Math.PI);
  });

  it('ignores what it cannot read', () => {
    expect(pieArcs('')).toEqual([]);
    expect(pieArcs('#0072b2 x;#e69f00 2').map((arc) => arc.color)).toEqual(['#e69f00']);
  });
});
