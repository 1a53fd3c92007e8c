// The dossier's answers as map layers: each answer's records with a point, labelled by its definition.
import type { EvidenceResult } from './dossier-section.tsx';

export interface DossierLayer {
  id: string;
  label: string;
  color: string;
  points: { lat: number; lon: number; label: string }[];
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export function dossierLayers(results: readonly EvidenceResult[], colorOf: (id: string) => string): DossierLayer[] {
  return results.map(({ lookup, operation, answer }) => ({
    id: lookup.id,
    label: `${lookup.id}. ${lookup.title}`,
    color: colorOf(lookup.id),
    points: answer.records.flatMap((record, index) => {
      const point = safely(() => operation.adapters?.point?.(record));
      return point
        ? [{ lat: point.lat, lon: point.lon, label: safely(() => operation.adapters?.label?.(record)) || `Record ${index + 1}` }]
        : [];
    }),
  }));
}
