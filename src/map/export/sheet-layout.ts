// The exported map sheet's pure parts (issue 34): the title block's words, the scale bar's length,
// where the title, the map and the legend sit (the legend beside the map, never over it).
// The canvas drawing is sheet.ts; these are kept apart so they are tested without a browser.

/** What the title block says about the map. */
export interface SheetInfo {
  /** The lookup, e.g. "L. Crime incidents". */
  lookup: string;
  /** The query in words, e.g. "1 mi around 37.7749, −122.4194". */
  query?: string | undefined;
  /** The query's date range, ISO text, either end open. */
  from?: string | undefined;
  to?: string | undefined;
  demo: boolean;
  masked: boolean;
  madeAt: Date;
}

export interface LegendItem {
  label: string;
  color: string;
  /** A filled dot (records), an outline (the search circle), a dashed outline (a drawn area), or a heading over the items after it. */
  kind: 'point' | 'outline' | 'dashed' | 'heading';
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetLayout {
  width: number;
  height: number;
  title: Box;
  map: Box;
  legend: Box;
}

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const FULL_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function validDate(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "May 1 – May 8, 2024" (UTC days, as the query sends them); one end alone says "from"/"until". */
export function dateRangeWords(from: string | undefined, to: string | undefined): string | undefined {
  const [start, end] = [validDate(from), validDate(to)];
  if (start && end) {
    const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
    return `${sameYear ? MONTH_DAY.format(start) : FULL_DATE.format(start)} – ${FULL_DATE.format(end)}`;
  }
  if (start) return `from ${FULL_DATE.format(start)}`;
  if (end) return `until ${FULL_DATE.format(end)}`;
  return undefined;
}

/** "2026-12-05 04:10 UTC": when the sheet was made, the same for every reader. */
export function madeAtWords(madeAt: Date): string {
  return `${madeAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The title block, a line each: the lookup, the query and its dates, then demo/live, masking and when made. */
export function titleLines(info: SheetInfo): string[] {
  const dates = dateRangeWords(info.from, info.to);
  const query = [info.query, dates].filter(Boolean).join(' · ');
  const facts = [
    info.demo ? 'Demo data' : 'Live data',
    info.masked ? 'personal data masked (positions rounded)' : 'not masked',
    `made ${madeAtWords(info.madeAt)}`,
  ].join(' · ');
  return [info.lookup, ...(query ? [query] : []), facts];
}

const NICE_STEPS = [1, 2, 5];

/** The longest round distance (1, 2 or 5 × a power of ten metres) whose bar fits in `maxPixels`. */
export function scaleBar(metresPerPixel: number, maxPixels: number): { metres: number; pixels: number; label: string } {
  const most = metresPerPixel * maxPixels;
  let metres = 1;
  for (let power = 10 ** Math.floor(Math.log10(Math.max(most, 1))); power >= 1e-3; power /= 10) {
    const step = [...NICE_STEPS].reverse().find((nice) => nice * power <= most);
    if (step) {
      metres = step * power;
      break;
    }
  }
  const label = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
  return { metres, pixels: metres / metresPerPixel, label };
}

export const SHEET = {
  margin: 16,
  gap: 16,
  titleLine: 22,
  legendWidth: 260,
  legendRow: 22,
} as const;

/** The title across the top, the map under it, the legend in a column to the map's right. */
export function sheetLayout(map: { width: number; height: number }, legendRows: number, titleRows: number): SheetLayout {
  const { margin, gap, titleLine, legendWidth, legendRow } = SHEET;
  const title: Box = { x: margin, y: margin, width: map.width + gap + legendWidth, height: titleRows * titleLine + 8 };
  const mapBox: Box = { x: margin, y: title.y + title.height + gap / 2, width: map.width, height: map.height };
  const legend: Box = {
    x: mapBox.x + mapBox.width + gap,
    y: mapBox.y,
    width: legendWidth,
    height: Math.max(legendRows, 1) * legendRow + 8,
  };
  return {
    width: legend.x + legend.width + margin,
    height: Math.max(mapBox.y + mapBox.height, legend.y + legend.height) + margin,
    title,
    map: mapBox,
    legend,
  };
}
