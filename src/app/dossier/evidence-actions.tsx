// The dossier's deliverables: the evidence pack (one self-contained HTML file that prints as a
// report), the same report sent to the printer ("Print / Save as PDF" prints the pack's own HTML in
// a hidden frame, so paper and file are one report), and the ZIP of the answers' bytes with the
// appendix as JSON. Built when asked, from the answers on screen.
import { useId, useState } from 'react';
import type { GeoPoint } from '../../lookups/define-lookup.ts';
import { downloadBytes, downloadText } from '../../results/download.ts';
import type { EvidenceResult } from './dossier-section.tsx';
import type { DossierLayer } from './dossier-layers.ts';
import { distanceBasis, summariseAnswer, summaryLines } from './summarise.ts';
import { printHtml } from './print-html.ts';

interface EvidenceActionsProps {
  results: readonly EvidenceResult[];
  layers: readonly DossierLayer[];
  place: GeoPoint | undefined;
  /** The place is a masked (rounded) position. */
  placeRounded?: boolean;
  radiusMetres: number | undefined;
  title: string;
  /** The cover's first lines: what the pack is about and when (e.g. subject, time window). */
  cover?: readonly { term: string; value: string }[];
}

function linesOf(result: EvidenceResult, place: GeoPoint | undefined) {
  return (
    result.lines ??
    summaryLines(summariseAnswer(result.operation, result.answer.records, place), {
      partial: result.answer.paging?.summary,
      rounded: result.answer.masked,
    })
  );
}

const PREPARED_BY_KEY = 'lookup-explorer.evidence.prepared-by';

function storedName(): string {
  try {
    return localStorage.getItem(PREPARED_BY_KEY) ?? '';
  } catch {
    return '';
  }
}

export function EvidenceActions({ results, layers, place, placeRounded = false, radiusMetres, title, cover = [] }: EvidenceActionsProps) {
  const [status, setStatus] = useState<string>();
  const [preparedBy, setPreparedBy] = useState(storedName);
  const nameId = useId();
  const build = async () => {
    const [{ buildPack }, { drawMapImage }] = await Promise.all([import('./evidence/build-pack.ts'), import('./evidence/map-image.ts')]);
    const rounded = placeRounded || results.some((result) => result.rounded ?? result.answer.masked);
    const placeText = place
      ? `${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}${placeRounded ? ' (rounded position: masking moves it up to about 1 km)' : ''}`
      : undefined;
    const intro = `${results.length} ${results.length === 1 ? 'answer' : 'answers'}${place ? ` around ${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}` : ''}${radiusMetres ? `, within ${Math.round(radiusMetres)} m` : ''}. Reproduce it at ${window.location.pathname}${window.location.search}.`;
    const sources = [
      ...new Set(
        results.map((result) =>
          result.response.source === 'live' ? 'live data' : result.response.source === 'demo' ? 'demo data' : 'source not stated',
        ),
      ),
    ];
    const masking = results.every((result) => result.answer.masked)
      ? 'personal data masked in every answer'
      : results.some((result) => result.answer.masked)
        ? 'personal data masked in some answers'
        : 'not masked';
    const head = {
      title,
      intro,
      cover: [
        ...cover,
        ...(placeText ? [{ term: 'Place', value: placeText }] : []),
        ...(radiusMetres ? [{ term: 'Radius', value: `${Math.round(radiusMetres).toLocaleString('en-US')} m` }] : []),
        { term: 'Prepared by', value: preparedBy.trim() || 'not stated' },
        { term: 'Data', value: sources.join(' and ') },
        { term: 'Masking', value: masking },
        ...(place ? [{ term: 'Distances', value: distanceBasis(rounded) }] : []),
        {
          term: 'Answers',
          value: results
            .map((result) => `${result.lookup.id}: ${result.answer.records.length.toLocaleString('en-US')} records`)
            .join(' · '),
        },
      ],
    };
    const answers = results.map((result) => ({ ...result, masked: result.answer.masked, summary: linesOf(result, place) }));
    const facts = {
      title,
      demo: results.some((result) => result.response.source === 'demo'),
      masked: results.some((result) => result.answer.masked),
    };
    return buildPack(head, answers, await drawMapImage(layers, place, radiusMetres, facts));
  };
  const stem = `evidence-${new Date().toISOString().slice(0, 10)}`;
  const run = (what: 'html' | 'zip' | 'print') => {
    setStatus(what === 'print' ? 'Preparing the report for printing…' : 'Building the evidence pack…');
    build()
      .then((pack) => {
        if (what === 'print') {
          printHtml(pack.html);
          setStatus('The report is open in the print dialog: choose “Save as PDF” for a file.');
          return;
        }
        if (what === 'html') downloadText(`${stem}.html`, pack.html, 'text/html');
        else downloadBytes(`${stem}.zip`, pack.zip, 'application/zip');
        setStatus(`Evidence pack of ${pack.appendix.length} ${pack.appendix.length === 1 ? 'answer' : 'answers'} downloaded.`);
      })
      .catch((error: unknown) =>
        setStatus(`The evidence pack could not be built: ${error instanceof Error ? error.message : String(error)}`),
      );
  };
  const none = results.length === 0;
  return (
    <div className="evidence-actions">
      <span className="evidence-actions__field">
        <label htmlFor={nameId}>Prepared by</label>
        <input
          id={nameId}
          value={preparedBy}
          placeholder="your name (on the cover)"
          onChange={(event) => {
            setPreparedBy(event.target.value);
            try {
              localStorage.setItem(PREPARED_BY_KEY, event.target.value);
            } catch {
              // Private mode: the name lasts for this page only.
            }
          }}
        />
      </span>
      <button type="button" disabled={none} onClick={() => run('html')}>
        Download evidence pack (HTML)
      </button>
      <button type="button" disabled={none} onClick={() => run('print')}>
        Print / Save as PDF
      </button>
      <button type="button" disabled={none} onClick={() => run('zip')}>
        Download answers and provenance (ZIP)
      </button>
      <span role="status">{status}</span>
    </div>
  );
}
