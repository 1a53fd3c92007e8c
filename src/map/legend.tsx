// The legend of the colour column: one button per category with its count, which picks or unpicks
// the category exactly as the table's facet does (the table, its count and the exports follow).
import type { MapLegend } from '../results/map-legend.ts';
import { OTHER_COLOR, slotColor } from './category-colors.ts';

interface LegendProps {
  legend: MapLegend;
  onToggle: (key: string) => void;
  /** Names the list when several answers share the map ("Legend: H. Sex offenders"). */
  label?: string;
  /** One colour for every entry: an added layer draws all its points in its own colour. */
  color?: string;
}

export function Legend({ legend, onToggle, label = 'Legend', color }: LegendProps) {
  return (
    <div className="map-legend">
      <p className="map-legend__title">{legend.column}</p>
      <ul role="list" aria-label={label}>
        {legend.entries.map((entry, slot) => (
          <li key={entry.key}>
            <button
              type="button"
              aria-pressed={entry.shown}
              className={entry.shown ? undefined : 'map-legend__off'}
              onClick={() => onToggle(entry.key)}
            >
              <span className="map-legend__swatch" style={{ background: color ?? slotColor(slot) }} aria-hidden="true" />
              {entry.key === '' ? '(empty)' : entry.key} <span className="map-legend__count">{entry.count.toLocaleString('en-US')}</span>
            </button>
          </li>
        ))}
        {legend.others > 0 && (
          <li className="map-legend__others">
            <span className="map-legend__swatch" style={{ background: color ?? OTHER_COLOR }} aria-hidden="true" />
            Other <span className="map-legend__count">{legend.others.toLocaleString('en-US')}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
