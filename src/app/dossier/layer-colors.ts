// One colour per dossier layer, by position (not by letter): the Okabe–Ito palette, told apart by
// people with the common colour-vision deficiencies; the map and the evidence pack's image share it.
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#8F7A00', '#000000'] as const;

export function layerColor(index: number): string {
  return PALETTE[index % PALETTE.length]!;
}
