// "Export PNG" and "Export PDF" with the paper for the PDF (A4 or Letter, landscape), for any map
// whose sheet (export/sheet.ts) the caller can draw. The PDF library loads on the first PDF asked for.
import { useId, useState } from 'react';
import { downloadBytes } from '../../results/download.ts';
import type { Paper } from './pdf.ts';
import { pngBytes } from './sheet.ts';
import './export.css';

interface MapExportButtonsProps {
  /** Draws the sheet as the map is now; undefined when there is nothing to draw. */
  drawSheet: () => Promise<HTMLCanvasElement | undefined>;
  /** The file name without its extension. */
  name: string;
  /** The PDF's title property. */
  title: string;
  disabled?: boolean;
}

/** Letter where the browser's language is US or Canadian English, A4 elsewhere. */
function defaultPaper(): Paper {
  return /^en-(US|CA)$/i.test(navigator.language) ? 'letter' : 'a4';
}

export function MapExportButtons({ drawSheet, name, title, disabled = false }: MapExportButtonsProps) {
  const [paper, setPaper] = useState<Paper>(defaultPaper);
  const [status, setStatus] = useState<string>();
  const paperId = useId();
  const run = (format: 'png' | 'pdf') => {
    setStatus(`Making the ${format.toUpperCase()}…`);
    void (async () => {
      const sheet = await drawSheet();
      if (!sheet) return setStatus('There is no map to export yet.');
      if (format === 'png') downloadBytes(`${name}.png`, await pngBytes(sheet), 'image/png');
      else {
        const { sheetPdf } = await import('./pdf.ts');
        downloadBytes(`${name}.pdf`, sheetPdf(sheet, paper, title), 'application/pdf');
      }
      setStatus(`${format.toUpperCase()} downloaded.`);
    })().catch((error: unknown) => setStatus(`The map could not be exported: ${error instanceof Error ? error.message : String(error)}`));
  };
  return (
    <span className="map-export">
      <button type="button" disabled={disabled} onClick={() => run('png')}>
        Export PNG
      </button>
      <button type="button" disabled={disabled} onClick={() => run('pdf')}>
        Export PDF
      </button>
      <label htmlFor={paperId}>Paper</label>
      <select id={paperId} value={paper} onChange={(event) => setPaper(event.target.value as Paper)}>
        <option value="a4">A4 landscape</option>
        <option value="letter">Letter landscape</option>
      </select>
      <span role="status" className="map-export__status">
        {status}
      </span>
    </span>
  );
}
