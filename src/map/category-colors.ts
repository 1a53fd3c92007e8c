// Colours of the legend's categories: eight that stay apart for common colour blindness (Okabe–Ito
// order, darkened where white text or a white ring would vanish), and grey for "Other".
import { LEGEND_SIZE } from '../results/map-legend.ts';

export const CATEGORY_COLORS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#d55e00', '#56b4e9', '#8a7a00', '#5d3a9b'] as const;
export const OTHER_COLOR = '#8a8f98';

/** The colour of a legend slot (its entry's position; LEGEND_SIZE for "Other"). */
export function slotColor(slot: number): string {
  return slot < LEGEND_SIZE ? (CATEGORY_COLORS[slot % CATEGORY_COLORS.length] ?? OTHER_COLOR) : OTHER_COLOR;
}

/** Colours for extra layers (another answer on the map), apart from the first answer's own accent. */
export const LAYER_COLORS = ['#d55e00', '#009e73', '#cc79a7', '#e69f00'] as const;
