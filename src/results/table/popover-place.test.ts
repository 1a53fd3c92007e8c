// The "is one of" popover's place: under the filter row, never over another filter, inside the window.
import { describe, expect, it } from 'vitest';
import { placePopover } from './popover-place.ts';

const viewport = { width: 1280, height: 800 };
// The filter row spans 140–172 px; the column's button sits 300 px from the left, 120 px wide.
const row = { top: 140, bottom: 172, left: 0, width: 1280 };
const button = { top: 144, bottom: 168, left: 300, width: 120 };

describe('placePopover', () => {
  it('opens under the whole filter row, at its button, at least as wide as the button', () => {
    expect(placePopover(button, row, 240, viewport)).toEqual({ top: 174, left: 300, minWidth: 120, maxHeight: 618 });
  });

  it('moves left to stay inside the window, never past its left edge', () => {
    expect(placePopover({ ...button, left: 1200 }, row, 240, viewport).left).toBe(1280 - 8 - 240);
    expect(placePopover({ ...button, left: 4 }, row, 2000, viewport).left).toBe(8);
  });

  it('opens above the row when the window has clearly more room there', () => {
    const low = { ...row, top: 700, bottom: 732 };
    expect(placePopover(button, low, 240, viewport)).toEqual({ bottom: 102, left: 300, minWidth: 120, maxHeight: 690 });
  });
});
