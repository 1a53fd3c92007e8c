// The map's analysis controls above it: colour by, size by, layer (points, heat, hexagons). Each
// column select shows the column really in use, and "(none)" means none, even over the definition's
// default. Size by is left out where the answer has no amount to size by.
import { NO_COLUMN } from '../results/map-columns.ts';
import type { MapAnalysis } from '../results/slots.ts';
import type { MapLayerKind } from '../results/view-state.ts';

function ColumnSelect({
  label,
  value,
  columns,
  onChange,
}: {
  label: string;
  value: string | undefined;
  columns: readonly string[];
  onChange: (column: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value || NO_COLUMN)}>
        <option value="">(none)</option>
        {columns.map((column) => (
          <option key={column}>{column}</option>
        ))}
      </select>
    </label>
  );
}

export function AnalysisControls({
  analysis,
  colorColumn,
  sizeColumn,
}: {
  analysis: MapAnalysis;
  colorColumn: string | undefined;
  sizeColumn: string | undefined;
}) {
  const { look, onLookChange, categoryColumns, numberColumns } = analysis;
  return (
    <div className="map-analysis">
      <ColumnSelect label="Colour by" value={colorColumn} columns={categoryColumns} onChange={(color) => onLookChange({ color })} />
      {numberColumns.length > 0 && (
        <ColumnSelect label="Size by" value={sizeColumn} columns={numberColumns} onChange={(size) => onLookChange({ size })} />
      )}
      <label>
        Layer
        <select
          value={look.layer ?? 'points'}
          onChange={(event) => onLookChange({ layer: event.target.value === 'points' ? undefined : (event.target.value as MapLayerKind) })}
        >
          <option value="points">Points</option>
          <option value="heat">Heat</option>
          <option value="hex">Hexagons</option>
        </select>
      </label>
    </div>
  );
}
