// Masked (rounded) records as cells of the rounding grid, each with its count (walk defect 13 and
// issue 34's "records at every zoom"): once a cell is big enough to hold a count, every rounded
// record in view is drawn as its cell with the number of records in it, never as a cluster
// beside shaded cells without one. The count sits at the cell's centre, or where the view cuts that
// off, on the part of the cell in view, so a view zoomed inside one cell still shows it.
import type { VisibleItem } from './cluster-tree.ts';
import { onRoundingGrid, roundingCell } from './approximate.ts';

type PointItem = Extract<VisibleItem, { kind: 'point' }>;

export interface MaskedCell {
  /** The cell's rounded position, as every record in it has it. */
  lat: number;
  lon: number;
  /** The record whose popup the cell opens (the popup counts the others). */
  first: number;
  count: number;
  /** Records per colour slot, when the points are coloured. */
  slices?: number[];
}

/** Single points split into rounding cells (on the grid) and the rest, drawn as they are. */
export function groupCells(
  items: readonly VisibleItem[],
  slotOf?: (index: number) => number,
  slotCount = 0,
): { cells: MaskedCell[]; rest: VisibleItem[] } {
  const byPosition = new Map<string, MaskedCell>();
  const rest: VisibleItem[] = [];
  for (const item of items) {
    if (item.kind !== 'point' || !onRoundingGrid(item)) {
      rest.push(item);
      continue;
    }
    const at = `${item.lat},${item.lon}`;
    let cell = byPosition.get(at);
    if (!cell)
      byPosition.set(
        at,
        (cell = {
          lat: item.lat,
          lon: item.lon,
          first: (item as PointItem).index,
          count: 0,
          ...(slotOf && { slices: new Array<number>(slotCount).fill(0) }),
        }),
      );
    cell.count += 1;
    if (cell.slices && slotOf) {
      const slot = slotOf(item.index);
      cell.slices[slot] = (cell.slices[slot] ?? 0) + 1;
    }
  }
  return { cells: [...byPosition.values()], rest };
}

/** [[south, west], [north, east]]. */
type Box = [[number, number], [number, number]];

/** Where a cell's count goes: its centre, or where the view cuts the centre off, the nearest spot of the part in view. */
export function countSpot(cell: Pick<MaskedCell, 'lat' | 'lon'>, view: Box): [number, number] {
  const [[south, west], [north, east]] = roundingCell(cell);
  const [[viewSouth, viewWest], [viewNorth, viewEast]] = view;
  const low = [Math.max(south, viewSouth), Math.max(west, viewWest)] as const;
  const high = [Math.min(north, viewNorth), Math.min(east, viewEast)] as const;
  // A cell only touching the view keeps its count at its centre.
  if (low[0] > high[0] || low[1] > high[1]) return [cell.lat, cell.lon];
  const clamp = (value: number, from: number, to: number) => Math.min(Math.max(value, from), to);
  return [clamp(cell.lat, low[0], high[0]), clamp(cell.lon, low[1], high[1])];
}
