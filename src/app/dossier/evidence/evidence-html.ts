// The evidence pack as one HTML file that opens offline and prints as a report: a strict
// Content-Security-Policy (nothing may load but data: images and the inline style), a cover (what,
// where, when, by whom, demo or live, masked or not, how distances were measured), the map as a
// data: PNG, each answer (one record as a key–value sheet in the view's order; many as the summary
// and the first rows' telling columns), every figure citing its answer's SHA-256, and the
// provenance appendix. A print stylesheet fits A4 and Letter, with page numbers. Every value is
// escaped; the file holds no script and no link to anywhere.
import type { DictionaryEntry } from './data-dictionary.ts';
import { escapeHtml, safeImageUrl } from './escape-html.ts';
import { packColumns } from './pack-columns.ts';
import type { ProvenanceEntry } from './provenance.ts';

export const PACK_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";
/** The many-record answers show this many rows; the rest are in the ZIP. */
export const FIRST_ROWS = 10;

export interface PackSection {
  heading: string;
  /** e.g. "demo data · personal data masked · fetched …". */
  provenance: string;
  summary: readonly { term: string; value: string }[];
  columns: readonly string[];
  rows: readonly Readonly<Record<string, unknown>>[];
  dictionary: readonly DictionaryEntry[];
  /** The SHA-256 of the answer's bytes, cited by every figure drawn from it. */
  sha256?: string | undefined;
}

export interface EvidencePack {
  title: string;
  generatedAt: string;
  intro: string;
  /** The cover's lines: subject, place, window, who made it, demo or live, masking, distances. */
  cover?: readonly { term: string; value: string }[];
  mapImage?: string | undefined;
  sections: readonly PackSection[];
  appendix: readonly ProvenanceEntry[];
}

// Screen: a readable column. Print: the printer's paper (A4 or Letter) with margins that fit both,
// page numbers in the bottom margin, nothing wider than the page, tables that never grow sideways.
const STYLE = [
  '*{box-sizing:border-box}body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:52rem;padding:0 1rem;color:#111}',
  'h1{font-size:1.6rem}h2{font-size:1.2rem;margin:1.5rem 0 .25rem;break-after:avoid}h3{font-size:1rem;break-after:avoid}',
  'table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%;table-layout:fixed}',
  'td,th{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#eee}',
  'tr{break-inside:avoid}code,.hash{font-size:11px;overflow-wrap:anywhere;word-break:break-all}',
  'img{max-width:100%;height:auto;border:1px solid #bbb}figure{margin:1rem 0;break-inside:avoid}figcaption{font-size:12px;color:#333}',
  '.cover{break-after:page}.cover dl,.summary{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.2rem 1rem}.cover dt,.summary dt{font-weight:600}.cover dd,.summary dd{margin:0;overflow-wrap:anywhere}',
  '.sheet{columns:2 18rem;column-gap:1.25rem;font-size:11px;line-height:1.3;margin:.5rem 0 1rem}.sheet div{break-inside:avoid;display:grid;grid-template-columns:46% 40% 14%;border-bottom:1px solid #ddd}',
  '.sheet dt{font-weight:600;overflow-wrap:anywhere}.sheet dd{margin:0;overflow-wrap:anywhere}.sheet .type{color:#666;font-size:9px;padding-left:2px}',
  '.rows{font-size:11px}.dictionary{columns:4 9rem;font-size:9px;line-height:1.25;color:#333}.dictionary span{display:block;overflow-wrap:anywhere}',
  '.request{break-inside:avoid;border-top:1px solid #bbb;padding:.2rem 0;font-size:11px;line-height:1.3}.source{font-size:11px;color:#333}',
  '@page{margin:16mm 14mm 18mm;@bottom-center{content:"Page " counter(page) " of " counter(pages);font:9pt system-ui,sans-serif;color:#555}}',
  '@media print{body{margin:0;max-width:none;padding:0;font-size:11px;line-height:1.35}h1{font-size:20px}h2{font-size:15px}h3{font-size:12px}}',
].join('\n');

function table(columns: readonly string[], rows: readonly Readonly<Record<string, unknown>>[], className?: string): string {
  const head = `<tr>${columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${columns.map((column) => `<td>${escapeHtml(row[column])}</td>`).join('')}</tr>`).join('\n');
  return `<table${className ? ` class="${className}"` : ''}>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

function terms(lines: readonly { term: string; value: string }[], className: string): string {
  return `<dl class="${className}">${lines.map(({ term, value }) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

const cite = (part: PackSection) =>
  part.sha256 ? ` From the answer with SHA-256 <span class="hash">${escapeHtml(part.sha256)}</span>.` : '';

/** One record: every column as a key–value line in the view's order, its type beside it. */
function sheet(part: PackSection, row: Readonly<Record<string, unknown>>): string {
  const types = new Map(part.dictionary.map((entry) => [entry.column, entry.type]));
  const lines = part.columns.map(
    (column) =>
      `<div><dt>${escapeHtml(column)}</dt><dd>${escapeHtml(row[column])}</dd><dd class="type">${escapeHtml(types.get(column) ?? '')}</dd></div>`,
  );
  return `<h3>The record</h3><p class="source">Every field in the order the view shows it, its type beside it.${cite(part)}</p><dl class="sheet">${lines.join('')}</dl>`;
}

/** Many records: the first rows in the columns that describe them, and the dictionary in a few lines. */
function firstRows(part: PackSection): string {
  const columns = packColumns(part.columns, part.rows);
  const shown = part.rows.slice(0, FIRST_ROWS);
  const dictionary = part.dictionary.map((entry) => `<span>${escapeHtml(entry.column)}: ${escapeHtml(entry.type)}</span>`).join('');
  return [
    `<h3>The first ${shown.length} of ${part.rows.length.toLocaleString('en-US')} records</h3>`,
    `<p class="source">Columns ${escapeHtml(columns.join(', '))}; every column of every record is in the ZIP's answer file.${cite(part)}</p>`,
    columns.length > 0 ? table(columns, shown, 'rows') : '',
    `<h3>Data dictionary: ${escapeHtml(part.heading)}</h3>`,
    `<p class="dictionary">${dictionary}</p>`,
  ].join('\n');
}

function section(part: PackSection): string {
  return [
    `<section><h2>${escapeHtml(part.heading)}</h2>`,
    `<p class="source">${escapeHtml(part.provenance)}</p>`,
    terms(part.summary, 'summary'),
    `<p class="source">Summary of the answer.${cite(part)}</p>`,
    part.rows.length === 1 ? sheet(part, part.rows[0]!) : part.rows.length > 1 ? firstRows(part) : '<p>No records.</p>',
    `</section>`,
  ].join('\n');
}

function appendix(entries: readonly ProvenanceEntry[]): string {
  const requests = entries.map((entry) =>
    terms(
      [
        { term: 'Lookup', value: `${entry.lookup}. ${entry.title} · ${entry.operation}` },
        { term: 'Request', value: `${entry.method} ${entry.url}` },
        {
          term: 'Parameters',
          value: Object.entries(entry.parameters)
            .map(([name, value]) => `${name}=${value}`)
            .join(' · '),
        },
        { term: 'Requested', value: `${entry.requestedAt} · ${entry.durationMs} ms · HTTP ${entry.status}` },
        {
          term: 'Data',
          value: `${entry.source} data · ${entry.masked ? 'personal data masked' : 'not masked'} · ${entry.bytes.toLocaleString('en-US')} bytes`,
        },
        { term: 'SHA-256', value: entry.sha256 },
        { term: 'File', value: entry.file },
      ],
      'summary request',
    ),
  );
  return `<section><h2>Provenance appendix</h2><p>Every request behind this pack. The parameters are those sent to the proxy, which holds the keys; no key is shown. SHA-256 is the hash of the answer's bytes as received, the same bytes as the file of that name in the pack's ZIP.</p>\n${requests.join('\n')}</section>`;
}

function mapFigure(image: string | undefined, sections: readonly PackSection[]): string {
  if (!image) return '<p>No map: no answer holds a position.</p>';
  const sources = sections
    .filter((part) => part.sha256)
    .map((part) => `${escapeHtml(part.heading)}: <span class="hash">${escapeHtml(part.sha256)}</span>`);
  return `<figure><img alt="Map of the answers' points, one colour per lookup" src="${image}" width="800" height="600"><figcaption>Map of the answers' points, one colour per lookup. From the answers with SHA-256 ${sources.join('; ')}.</figcaption></figure>`;
}

export function evidenceHtml(pack: EvidencePack): string {
  const image = safeImageUrl(pack.mapImage);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PACK_CSP)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(pack.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    '<div class="cover">',
    `<h1>${escapeHtml(pack.title)}</h1>`,
    `<p>${escapeHtml(pack.intro)}</p>`,
    terms([...(pack.cover ?? []), { term: 'Generated', value: `${pack.generatedAt} by Lookup Explorer` }], 'cover-lines'),
    '</div>',
    mapFigure(image, pack.sections),
    ...pack.sections.map(section),
    appendix(pack.appendix),
    '</body></html>',
    '',
  ].join('\n');
}
