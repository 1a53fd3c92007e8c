// Where a filter's popover goes: under the whole filter row (so it never hides another column's
// filter), starting at its own button's left edge, kept inside the window; above the row when
// there is clearly more room there. Pure, so it is tested without a layout engine.

export interface Box {
  top: number;
  bottom: number;
  left: number;
  width: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface PopoverPlace {
  left: number;
  minWidth: number;
  maxHeight: number;
  /** Distance from the window's top (placed below the row) or from its bottom (placed above). */
  top?: number;
  bottom?: number;
}

const GAP = 2;
const MARGIN = 8;
/** Below the row unless fewer pixels than this fit there and more fit above. */
const ENOUGH = 200;

export function placePopover(button: Box, row: Box, popoverWidth: number, viewport: Viewport): PopoverPlace {
  const below = viewport.height - row.bottom - GAP - MARGIN;
  const above = row.top - GAP - MARGIN;
  const width = Math.max(popoverWidth, button.width);
  const left = Math.max(MARGIN, Math.min(button.left, viewport.width - MARGIN - width));
  const common = { left, minWidth: button.width };
  if (below < ENOUGH && above > below) return { ...common, bottom: viewport.height - row.top + GAP, maxHeight: above };
  return { ...common, top: row.bottom + GAP, maxHeight: Math.max(below, 0) };
}
