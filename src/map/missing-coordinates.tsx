// Records the map cannot place are named here, never silently dropped.
import type { UnmappedRecord } from './points.ts';
import { plural } from '../lookups/adapters.ts';

const LISTED = 100;

interface MissingCoordinatesProps {
  missing: readonly UnmappedRecord[];
  onOpenTable: (index: number) => void;
}

export function MissingCoordinates({ missing, onOpenTable }: MissingCoordinatesProps) {
  if (missing.length === 0) return null;
  const verb = missing.length === 1 ? 'has' : 'have';
  return (
    <details className="map-missing">
      <summary>
        {plural(missing.length, 'record')} {verb} no coordinates
      </summary>
      <ul>
        {missing.slice(0, LISTED).map((record) => (
          <li key={record.index}>
            <button type="button" className="link-button" onClick={() => onOpenTable(record.index)}>
              {record.label}
            </button>
          </li>
        ))}
      </ul>
      {missing.length > LISTED && <p className="muted">and {plural(missing.length - LISTED, 'more record')} (see the table)</p>}
    </details>
  );
}
