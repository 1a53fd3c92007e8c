// The map's analysis controls above it: colour by, size by, layer (points, heat, hexagons). Each
// select shows the column really in use, and "(none)" means none, even over the definition's default.
// Size by is left out where the answer has no amount to size by.
import { NO_COLUMN } from '../results/map-columns.ts';
import type { MapAnalysis } from '../results/slots.ts';
import type { MapLayerKind } from '../results/view-state.ts';

export function AnalysisControls({ analysis, colorColumn, sizeColumn }: { analysis: MapAnalysis; colorColumn: string | undefined; sizeColumn: string | undefined }) {
  const { look, onLookChange, categoryColumns, numberColumns } = analysis;
  return (
    <div className="map-analysis">
      <label>
        Colour by
        <select value={colorColumn ?? ''} onChange={(event) => onLookChange({ color: event.target.value || NO_COLUMN })}>
          <option value="">(none)</option>
          {categoryColumns.map((column) => (
            <option key={column}>{column}</option>
          ))}
        </select>
      </label>
      {numberColumns.length > 0 && (
        <label>
          Size by
          <select value={sizeColumn ?? ''} onChange={(event) => onLookChange({ size: event.target.value || NO_COLUMN })}>
            <option value="">(none)</option>
            {numberColumns.map((column) => (
              <option key={column}>{column}</option>
            ))}
          </select>
        </label>
      )}
      <label>
        Layer
        <select value={look.layer ?? 'points'} onChange={(event) => onLookChange({ layer: event.target.value === 'points' ? undefined : (event.target.value as MapLayerKind) })}>
          <option value="points">Points</option>
          <option value="heat">Heat</option>
          <option value="hex">Hexagons</option>
        </select>
      </label>
    </div>
  );
}
