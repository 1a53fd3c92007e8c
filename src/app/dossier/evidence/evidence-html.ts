// The evidence pack as one HTML file that opens offline: a strict Content-Security-Policy (nothing
// may load but data: images and the inline style), the map as a data: PNG, each answer's table,
// the provenance appendix with every request and its SHA-256, and the data dictionary. Every value
// is escaped; the file holds no script and no link to anywhere.
import type { DictionaryEntry } from './data-dictionary.ts';
import { escapeHtml, safeImageUrl } from './escape-html.ts';
import type { ProvenanceEntry } from './provenance.ts';

export const PACK_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

export interface PackSection {
  heading: string;
  /** e.g. "demo data · personal data masked · fetched …". */
  provenance: string;
  summary: readonly { term: string; value: string }[];
  columns: readonly string[];
  rows: readonly Readonly<Record<string, unknown>>[];
  dictionary: readonly DictionaryEntry[];
}

export interface EvidencePack {
  title: string;
  generatedAt: string;
  intro: string;
  mapImage?: string | undefined;
  sections: readonly PackSection[];
  appendix: readonly ProvenanceEntry[];
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top;max-width:28rem;overflow-wrap:anywhere}th{background:#eee}code{font-size:12px}img{max-width:100%;border:1px solid #bbb}`;

function table(columns: readonly string[], rows: readonly Readonly<Record<string, unknown>>[]): string {
  const head = `<tr>${columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${columns.map((column) => `<td>${escapeHtml(row[column])}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

function section(part: PackSection): string {
  const summary = part.summary.map(({ term, value }) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return [
    `<section><h2>${escapeHtml(part.heading)}</h2>`,
    `<p>${escapeHtml(part.provenance)}</p>`,
    `<dl>${summary}</dl>`,
    table(part.columns, part.rows),
    `<h3>Data dictionary: ${escapeHtml(part.heading)}</h3>`,
    table(['column', 'type'], part.dictionary as unknown as Record<string, unknown>[]),
    `</section>`,
  ].join('\n');
}

function appendix(entries: readonly ProvenanceEntry[]): string {
  const columns = ['lookup', 'operation', 'method', 'url', 'parameters', 'requestedAt', 'durationMs', 'source', 'masked', 'status', 'bytes', 'sha256', 'file'];
  const rows = entries.map((entry) => ({
    ...entry,
    parameters: Object.entries(entry.parameters)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  }));
  return `<section><h2>Provenance appendix</h2><p>Every request behind this pack. The parameters are those sent to the proxy, which holds the keys; no key is shown. sha256 is the SHA-256 of the answer's bytes as received, the same bytes as the file of that name in the pack's ZIP.</p>\n${table(columns, rows)}</section>`;
}

export function evidenceHtml(pack: EvidencePack): string {
  const image = safeImageUrl(pack.mapImage);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PACK_CSP)}">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(pack.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    `<h1>${escapeHtml(pack.title)}</h1>`,
    `<p>${escapeHtml(pack.intro)}</p>`,
    `<p>Generated ${escapeHtml(pack.generatedAt)} by Lookup Explorer.</p>`,
    image ? `<img alt="Map of the answers' points, one colour per lookup" src="${image}" width="800" height="600">` : '<p>No map: no answer holds a position.</p>',
    ...pack.sections.map(section),
    appendix(pack.appendix),
    '</body></html>',
    '',
  ].join('\n');
}
