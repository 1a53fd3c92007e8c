import { describe, expect, it } from 'vitest';
import { countSpot, groupCells } from './masked-cells.ts';
import type { VisibleItem } from './cluster-tree.ts';

const point = (index: number, lat: number, lon: number): VisibleItem => ({ kind: 'point', index, lat, lon });

describe('groupCells', () => {
  it('counts the rounded records of each cell, with their colours, and leaves exact points and clusters as they are', () => {
    const items = [
      point(0, 37.78, -122.42),
      point(1, 37.78, -122.42),
      point(2, 37.77, -122.42),
      point(3, 37.77412, -122.41987),
      { kind: 'cluster', id: 9, lat: 37.7, lon: -122.4, count: 5 } as VisibleItem,
    ];
    const slots = [0, 1, 1, 0];
    const { cells, rest } = groupCells(items, (index) => slots[index]!, 3);
    expect(cells).toEqual([
      { lat: 37.78, lon: -122.42, first: 0, count: 2, slices: [1, 1, 0] },
      { lat: 37.77, lon: -122.42, first: 2, count: 1, slices: [0, 1, 0] },
    ]);
    expect(rest.map((item) => (item.kind === 'point' ? item.index : 'cluster'))).toEqual([3, 'cluster']);
  });
  it('counts without colours when the points are not coloured', () => {
    expect(groupCells([point(0, 37.78, -122.42)]).cells).toEqual([{ lat: 37.78, lon: -122.42, first: 0, count: 1 }]);
  });
});

describe('countSpot', () => {
  it('puts the count in the middle of a cell wholly in view', () => {
    const [lat, lon] = countSpot({ lat: 37.78, lon: -122.42 }, [
      [37.7, -122.5],
      [37.9, -122.3],
    ]);
    expect(lat).toBeCloseTo(37.78, 9);
    expect(lon).toBeCloseTo(-122.42, 9);
  });
  it('keeps the count in view when the view lies inside the cell, off its centre', () => {
    const [lat, lon] = countSpot({ lat: 37.78, lon: -122.42 }, [
      [37.7826, -122.4232],
      [37.7846, -122.4212],
    ]);
    expect(lat).toBeCloseTo(37.7826, 9);
    expect(lon).toBeCloseTo(-122.4212, 9);
  });
  it('keeps the count at the centre while the centre is in view', () => {
    expect(
      countSpot({ lat: 37.78, lon: -122.42 }, [
        [37.779, -122.421],
        [37.79, -122.41],
      ]),
    ).toEqual([37.78, -122.42]);
  });
});
