// The dossier's two downloads: the evidence pack (one self-contained HTML file) and the ZIP of the
// answers' bytes with the appendix as JSON. Built when asked, from the answers on screen.
import { useState } from 'react';
import type { GeoPoint } from '../../lookups/define-lookup.ts';
import { downloadBytes, downloadText } from '../../results/download.ts';
import type { SectionResult } from './dossier-section.tsx';
import type { DossierLayer } from './dossier-layers.ts';
import { distanceText, summariseAnswer } from './summarise.ts';

interface EvidenceActionsProps {
  results: readonly SectionResult[];
  layers: readonly DossierLayer[];
  place: GeoPoint | undefined;
  radiusMetres: number | undefined;
  title: string;
}

function summaryLines(result: SectionResult, place: GeoPoint | undefined) {
  const summary = summariseAnswer(result.operation, result.answer.records, place);
  return [
    { term: 'Count', value: `${summary.count} ${summary.count === 1 ? 'record' : 'records'}` },
    ...(summary.categories ? [{ term: `Top ${summary.categories.column}`, value: summary.categories.top.map((item) => `${item.value} (${item.count})`).join(', ') }] : []),
    ...(summary.nearest.length > 0 ? [{ term: 'Nearest', value: summary.nearest.map((item) => `${item.label} — ${distanceText(item.metres)}`).join('; ') }] : []),
    ...(summary.span ? [{ term: 'Time span', value: `${summary.span.from} to ${summary.span.to}` }] : []),
  ];
}

export function EvidenceActions({ results, layers, place, radiusMetres, title }: EvidenceActionsProps) {
  const [status, setStatus] = useState<string>();
  const build = async () => {
    const [{ buildPack }, { drawMapImage }] = await Promise.all([import('./evidence/build-pack.ts'), import('./evidence/map-image.ts')]);
    const intro = `${results.length} ${results.length === 1 ? 'answer' : 'answers'}${place ? ` around ${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}` : ''}${radiusMetres ? `, within ${Math.round(radiusMetres)} m` : ''}. Reproduce it at ${window.location.pathname}${window.location.search}.`;
    const answers = results.map((result) => ({ ...result, masked: result.answer.masked, summary: summaryLines(result, place) }));
    const facts = { title, demo: results.some((result) => result.response.source === 'demo'), masked: results.some((result) => result.answer.masked) };
    return buildPack(title, intro, answers, await drawMapImage(layers, place, radiusMetres, facts));
  };
  const stem = `evidence-${new Date().toISOString().slice(0, 10)}`;
  const run = (what: 'html' | 'zip') => {
    setStatus('Building the evidence pack…');
    build()
      .then((pack) => {
        if (what === 'html') downloadText(`${stem}.html`, pack.html, 'text/html');
        else downloadBytes(`${stem}.zip`, pack.zip, 'application/zip');
        setStatus(`Evidence pack of ${pack.appendix.length} ${pack.appendix.length === 1 ? 'answer' : 'answers'} downloaded.`);
      })
      .catch((error: unknown) => setStatus(`The evidence pack could not be built: ${error instanceof Error ? error.message : String(error)}`));
  };
  const none = results.length === 0;
  return (
    <div className="evidence-actions">
      <button type="button" disabled={none} onClick={() => run('html')}>
        Download evidence pack (HTML)
      </button>
      <button type="button" disabled={none} onClick={() => run('zip')}>
        Download answers and provenance (ZIP)
      </button>
      <span role="status">{status}</span>
    </div>
  );
}
