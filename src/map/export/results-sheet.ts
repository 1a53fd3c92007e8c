// What the results map's exported sheet says (issue 34): the title block's facts from the query
// (the lookup, the search circle in words, the date range, demo or live, masked or not) and a
// legend of everything drawn: the search circle, the drawn area, the answer's points or their
// colour column's categories, each added layer.
import type { LookupDefinition, Operation } from '../../lookups/define-lookup.ts';
import { paramMeta } from '../../lookups/param.ts';
import type { MapLegend } from '../../results/map-legend.ts';
import { OTHER_COLOR, slotColor } from '../category-colors.ts';
import type { SearchCircle } from '../search-circle.ts';
import type { LegendItem, SheetInfo } from './sheet-layout.ts';

const DATE_WIDGETS = new Set(['date', 'datetime', 'epoch-ms']);

/** "37.7749, −122.4194": four decimals (about 10 m), a true minus sign. */
export function positionWords(lat: number, lon: number): string {
  const degrees = (value: number) => value.toFixed(4).replace('-', '−');
  return `${degrees(lat)}, ${degrees(lon)}`;
}

/** "1 mi" from the typed "1mi"; a radius in metres reads "800 m" or "1.5 km". */
export function distanceWords(typed: unknown, metres: number): string {
  const match = typeof typed === 'string' ? /^\s*([\d.]+)\s*(mi|km|ft|m)\s*$/.exec(typed) : null;
  if (match) return `${Number(match[1])} ${match[2]}`;
  return metres >= 1000 ? `${Number((metres / 1000).toFixed(1))} km` : `${Math.round(metres)} m`;
}

/** The query's first and last date parameters (by the operation's own order), as the query sent them. */
export function dateRange(operation: Operation, params: Readonly<Record<string, unknown>>): { from?: string; to?: string } {
  const shape = (operation.params as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const names = Object.keys(shape).filter((name) => DATE_WIDGETS.has(paramMeta(shape[name] as never)?.widget ?? ''));
  const text = (name: string | undefined) => {
    const value = name === undefined ? undefined : params[name];
    if (typeof value === 'number') return new Date(value).toISOString();
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  if (names.length === 0) return {};
  return names.length === 1 ? { from: text(names[0]) } : { from: text(names[0]), to: text(names.at(-1)) };
}

interface ResultsSheetFacts {
  lookup: LookupDefinition;
  operation: Operation;
  params: Readonly<Record<string, unknown>>;
  circle: SearchCircle | undefined;
  area: boolean;
  demo: boolean;
  masked: boolean;
  madeAt: Date;
}

export function resultsSheetInfo({ lookup, operation, params, circle, area, demo, masked, madeAt }: ResultsSheetFacts): SheetInfo {
  const search = operation.locationSearch;
  const typed = search && search.kind !== 'prox' ? params[search.distance] : undefined;
  const around = circle ? `${distanceWords(typed, circle.radiusMetres)} around ${positionWords(circle.lat, circle.lon)}` : undefined;
  const query = [around, area ? 'inside the drawn area' : undefined].filter(Boolean).join(', ');
  return { lookup: `${lookup.id}. ${lookup.title}`, query: query || undefined, ...dateRange(operation, params), demo, masked, madeAt };
}

interface ResultsLegendFacts {
  circle: { color: string } | undefined;
  area: { color: string } | undefined;
  /** The answer's own points: their colour column, else one colour. */
  records: { count: number; color: string; legend: MapLegend | undefined; layer: 'points' | 'heat' | 'hex' | string };
  layers: ReadonlyArray<{ title: string; color: string; count: number }>;
}

export function resultsLegend({ circle, area, records, layers }: ResultsLegendFacts): LegendItem[] {
  const items: LegendItem[] = [];
  if (circle) items.push({ label: 'Search circle', color: circle.color, kind: 'outline' });
  if (area) items.push({ label: 'Drawn area', color: area.color, kind: 'dashed' });
  const density = records.layer === 'heat' ? ' (heat map)' : records.layer === 'hex' ? ' (hexagons)' : '';
  if (records.legend && !density) {
    items.push({ label: `Records by ${records.legend.column}`, color: '', kind: 'heading' });
    records.legend.entries.forEach((entry, slot) => {
      if (entry.shown)
        items.push({
          label: `${entry.key === '' ? '(empty)' : entry.key} (${entry.count.toLocaleString('en-US')})`,
          color: slotColor(slot),
          kind: 'point',
        });
    });
    if (records.legend.others > 0)
      items.push({ label: `Other (${records.legend.others.toLocaleString('en-US')})`, color: OTHER_COLOR, kind: 'point' });
  } else {
    items.push({ label: `Records${density} (${records.count.toLocaleString('en-US')})`, color: records.color, kind: 'point' });
  }
  for (const layer of layers)
    items.push({ label: `${layer.title} (${layer.count.toLocaleString('en-US')})`, color: layer.color, kind: 'point' });
  return items;
}
