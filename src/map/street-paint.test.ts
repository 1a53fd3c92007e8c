import { describe, expect, it } from 'vitest';
import { placeStreetLabels, SIDE_NAMES_FROM_ZOOM, type PixelLine, type StreetLabel } from './street-paint.ts';

// The demo's grid as the map sees it at a zoom (demo/street-grid.ts: a street every 200 m east-west
// and every 150 m north-south, every fourth an avenue), `size` pixels across, centred on the place.
function viewAt(zoom: number, size = { width: 900, height: 600 }) {
  const metresPerPixel = (156_543.03 * Math.cos((37.7749 * Math.PI) / 180)) / 2 ** zoom;
  const lines: PixelLine[] = [];
  const street = (index: number, name: string, from: PixelLine['from'], to: PixelLine['to']) =>
    lines.push({ name, major: index % 4 === 0, rank: (index % 4 === 0 ? 0 : 1000) + Math.abs(index), from, to });
  const columns = Math.floor(((size.width / 2) * metresPerPixel) / 200);
  for (let column = -columns; column <= columns; column += 1) {
    const x = size.width / 2 + (column * 200) / metresPerPixel;
    street(column, `AVENUE ${column}`, { x, y: 0 }, { x, y: size.height });
  }
  const rows = Math.floor(((size.height / 2) * metresPerPixel) / 150);
  for (let row = -rows; row <= rows; row += 1) {
    const y = size.height / 2 - (row * 150) / metresPerPixel;
    street(row, `STREET ${row}`, { x: 0, y }, { x: size.width, y });
  }
  return { lines, size };
}

// 6.5 px a character: about what an 11 px sans-serif measures.
const measure = (text: string) => text.length * 6.5;

function boxes(labels: readonly StreetLabel[]) {
  return labels.map((label) => {
    const [across, along] = label.vertical ? [13, measure(label.name)] : [measure(label.name), 13];
    return { left: label.x - across / 2, right: label.x + across / 2, top: label.y - along / 2, bottom: label.y + along / 2 };
  });
}

describe('placeStreetLabels', () => {
  it('names the avenues at the zoom a 1-mile search circle is fitted to (14), and no side street there', () => {
    const { lines, size } = viewAt(14);
    const labels = placeStreetLabels(lines, 14, size, measure);
    const named = new Set(labels.map((label) => label.name));
    const avenues = new Set(lines.filter((line) => line.major).map((line) => line.name));
    expect(named.size).toBeGreaterThanOrEqual(4);
    for (const name of named) expect(avenues.has(name)).toBe(true);
  });

  it('names side streets too from closer in', () => {
    const { lines, size } = viewAt(SIDE_NAMES_FROM_ZOOM);
    const labels = placeStreetLabels(lines, SIDE_NAMES_FROM_ZOOM, size, measure);
    const sideStreets = new Set(lines.filter((line) => !line.major).map((line) => line.name));
    expect(labels.some((label) => sideStreets.has(label.name))).toBe(true);
  });

  it('never puts one name over another, nor past the canvas edge', () => {
    for (const zoom of [13, 14, 15, 16, 17]) {
      const { lines, size } = viewAt(zoom);
      const placed = boxes(placeStreetLabels(lines, zoom, size, measure));
      for (const [index, box] of placed.entries()) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(size.width);
        for (const other of placed.slice(index + 1)) {
          const apart = box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top;
          expect(apart, `two names overlap at zoom ${zoom}`).toBe(true);
        }
      }
    }
  });

  it('names the busier of two streets too close for both names', () => {
    const street = (name: string, rank: number, y: number): PixelLine => ({
      name,
      rank,
      major: true,
      from: { x: 0, y },
      to: { x: 800, y },
    });
    const labels = placeStreetLabels([street('SIDE ST', 9, 100), street('MARKET ST', 1, 106)], 14, { width: 800, height: 200 }, measure);
    expect(new Set(labels.map((label) => label.name))).toEqual(new Set(['MARKET ST']));
  });
});
