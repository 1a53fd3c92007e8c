import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { lookups } from '../../../lookups/registry.ts';
import { interpretAnswer } from '../../../lookups/answer.ts';
import type { LookupResponse } from '../../../api/lookup-response.ts';
import { answerBytes, sha256Hex } from './sha256.ts';
import { escapeHtml, safeImageUrl } from './escape-html.ts';
import { evidenceHtml, PACK_CSP } from './evidence-html.ts';
import { shownParameters, shownUrl } from './provenance.ts';
import { buildPack } from './build-pack.ts';
import { dataDictionary } from './data-dictionary.ts';

const l = lookups.L;
const operation = l.operations[0];
const hostile = '<img src=x onerror="fetch(`//evil`)">&\'';
const text = JSON.stringify([
  {
    total_incidents: 1,
    total_pages: 1,
    incidents: [
      {
        incident_code: 'X1',
        incident_offense: hostile,
        incident_latitude: 37.77,
        incident_longitude: -122.42,
        incident_date: '2024-05-02T00:00:00.000Z',
      },
    ],
  },
]);
const response: LookupResponse = {
  url: '/proxy/l/v1/incidents/raw-data?lat=37.77&lon=-122.42&distance=1mi&datetime_ini=2024-05-01T00%3A00%3A00.000Z&datetime_end=2024-05-08T00%3A00%3A00.000Z',
  method: 'GET',
  status: 200,
  statusText: 'OK',
  headers: [['x-lookup-masked', 'true']],
  source: 'demo',
  timeMs: 42,
  sizeBytes: text.length,
  contentType: 'application/json',
  text,
  body: JSON.parse(text),
};
const params = {
  lat: 37.77,
  lon: -122.42,
  distance: '1mi',
  datetime_ini: '2024-05-01T00:00:00.000Z',
  datetime_end: '2024-05-08T00:00:00.000Z',
};

describe('hashing', () => {
  it("is the SHA-256 of the answer's UTF-8 bytes, as sha256sum gives it", async () => {
    // FIPS 180-2's test vector, and the empty string's.
    expect(await sha256Hex(answerBytes('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect([...answerBytes('Zoë')]).toEqual([0x5a, 0x6f, 0xc3, 0xab]);
    expect(await sha256Hex(answerBytes(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('escaping', () => {
  it('writes markup in an answer as text', () => {
    expect(escapeHtml(hostile)).toBe('&lt;img src=x onerror=&quot;fetch(`//evil`)&quot;&gt;&amp;&#39;');
    expect(escapeHtml({ a: '<b>' })).toBe('{&quot;a&quot;:&quot;&lt;b&gt;&quot;}');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('accepts only a PNG data: URL as the picture', () => {
    expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageUrl('https://example.invalid/x.png')).toBeUndefined();
    expect(safeImageUrl('data:image/png;base64,AA" onload="x')).toBeUndefined();
  });

  it('gives the pack a strict CSP, no script and no tag from the answer', () => {
    const html = evidenceHtml({
      title: `T ${hostile}`,
      intro: hostile,
      generatedAt: 'now',
      sections: [
        {
          heading: 'h',
          provenance: hostile,
          summary: [{ term: hostile, value: hostile }],
          columns: ['c'],
          rows: [{ c: hostile }],
          dictionary: [],
        },
      ],
      appendix: [],
    });
    expect(html).toContain(`content="${PACK_CSP.replace(/'/g, '&#39;')}"`);
    expect(html).not.toMatch(/<script|<img src=x|onerror="/i);
    expect(html).not.toMatch(/<(?:link|iframe|object|embed)\b/i);
  });
});

describe('provenance', () => {
  it('never shows a key: a key-like parameter or query parameter is blanked', () => {
    expect(shownParameters({ api_key: 'secret', lat: 1, symbols: ['USD', 'EUR'] })).toEqual({
      api_key: '(hidden)',
      lat: '1',
      symbols: 'USD,EUR',
    });
    expect(shownUrl('/proxy/a/movie/550?api_key=secret&language=en')).toBe('/proxy/a/movie/550?api_key=%28hidden%29&language=en');
  });

  it("builds a pack whose appendix hash is the hash of the answer's bytes in the ZIP", async () => {
    const answer = interpretAnswer(l, operation, params, response, { mask: true });
    const pack = await buildPack(
      { title: 'Dossier', intro: 'intro' },
      [
        {
          lookup: l,
          operation,
          params,
          response,
          answer,
          masked: true,
          fetchedAt: Date.parse('2026-11-28T15:00:00.042Z'),
          summary: [{ term: 'Count', value: '1 record' }],
        },
      ],
      undefined,
    );
    const zip = unzipSync(pack.zip);
    const [entry] = pack.appendix;
    expect(entry).toMatchObject({
      lookup: 'L',
      operation: 'incidents',
      source: 'demo',
      masked: true,
      status: 200,
      durationMs: 42,
      requestedAt: '2026-11-28T15:00:00.000Z',
      file: 'answers/l-incidents.json',
    });
    expect(await sha256Hex(new Uint8Array(zip['answers/l-incidents.json']!))).toBe(entry!.sha256);
    expect(strFromU8(zip['answers/l-incidents.json']!)).toBe(text);
    expect(JSON.parse(strFromU8(zip['provenance.json']!)).requests[0].sha256).toBe(entry!.sha256);
    expect(pack.html).toContain(entry!.sha256);
    expect(pack.html).toContain('distance=1mi');
    expect(pack.html).not.toContain('<img src=x');
  });
});

describe('the data dictionary', () => {
  it("types each column from the definition's response schema", () => {
    const dictionary = dataDictionary(operation, ['incident_code', 'incident_latitude', 'extra_field']);
    expect(dictionary).toEqual([
      { column: 'incident_code', type: 'string' },
      { column: 'incident_latitude', type: 'number' },
      { column: 'extra_field', type: 'not in the spec' },
    ]);
    const d = dataDictionary(lookups.D.operations[0], ['identifier.recordId', 'location.latitude']);
    expect(d).toEqual([
      { column: 'identifier.recordId', type: 'integer' },
      { column: 'location.latitude', type: 'string' },
    ]);
  });
});

describe('the pack as a report', () => {
  const wide = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`field_${index}`, `value ${index}`]));
  const part = (rows: Record<string, unknown>[]) => ({
    heading: 'D. Property',
    provenance: 'demo data',
    summary: [{ term: 'Count', value: `${rows.length} records` }],
    columns: Object.keys(rows[0]!),
    rows,
    dictionary: [{ column: 'field_0', type: 'string' }],
    sha256: 'ab'.repeat(32),
  });

  it('writes one record as a key–value sheet in the view’s order, not a table of its hundred columns, and cites its hash', () => {
    const html = evidenceHtml({
      title: 'T',
      intro: 'i',
      generatedAt: 'now',
      cover: [{ term: 'Subject', value: 'D 1' }],
      sections: [part([wide])],
      appendix: [],
    });
    expect(html).not.toMatch(/<th scope="col">field_/);
    expect(html).toContain(
      '<dl class="sheet"><div><dt>field_0</dt><dd>value 0</dd><dd class="type">string</dd></div><div><dt>field_1</dt>',
    );
    expect(html.indexOf('>field_9<')).toBeLessThan(html.indexOf('>field_10<'));
    expect(html).toContain(`From the answer with SHA-256 <span class="hash">${'ab'.repeat(32)}</span>`);
    expect(html).toContain('<dt>Subject</dt><dd>D 1</dd>');
  });

  it('writes many records as the summary and the first rows in a few columns, with page numbers in print', () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({ ...wide, field_1: `v${index % 4}` }));
    const html = evidenceHtml({ title: 'T', intro: 'i', generatedAt: 'now', sections: [part(rows)], appendix: [] });
    expect(html).toContain('The first 10 of 30 records');
    expect(html.match(/<th scope="col">/g)?.length).toBeLessThanOrEqual(5);
    expect(html.match(/<tr><td>/g)?.length).toBe(10);
    expect(html).toMatch(/@page\{[^}]*@bottom-center\{content:"Page " counter\(page\)/);
  });
});
