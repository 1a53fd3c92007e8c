// A job's merged dataset, streamed chunk by chunk as CSV, JSON or GeoJSON: the same rows a browser
// run makes (lookups/merged-rows.ts: the input columns, row_status, row_reason and one answer
// record's fields per output row). Only one chunk's results are in memory at a time. The CSV's
// columns are gathered in a first pass over the chunks, and its header and rows are written by the
// page's own CSV row writer (lookups/csv-lines.ts), formula guard included.
import type { ServerResponse } from 'node:http';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { csvHeaderLine, csvRowLines } from '../../lookups/csv-lines.ts';
import { answerRecords, mergeRows, originalRecord, type MergedRow } from '../../lookups/merged-rows.ts';
import { writeDrained as write } from '../http/write-drained.ts';
import { rowText, type JobFacts, type JobStore } from './job-store.ts';

export const RESULT_FORMATS = ['csv', 'json', 'geojson'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** The merged rows of one chunk, in row order. */
export async function* mergedChunks(
  store: JobStore,
  job: JobFacts,
  lookup: AnyLookup,
  operation: AnyOperation,
): AsyncGenerator<MergedRow[]> {
  for (let chunk = 0; chunk < job.chunks; chunk++) {
    const [rows, results] = await Promise.all([store.rows(job.id, chunk), store.results(job.id, chunk)]);
    const merged: MergedRow[] = [];
    rows.forEach((input, offset) => {
      const index = chunk * job.chunkSize + offset;
      const result = results.get(index);
      if (!result) return;
      const records =
        result.s === 'ok' && result.t !== undefined ? answerRecords(lookup, operation, input, result.t, result.m, job.mask) : [];
      merged.push(...mergeRows({ index, input: rowText(input), state: result.s, reason: result.r }, records, job.columns));
    });
    yield merged;
  }
}

export async function streamResult(
  res: ServerResponse,
  format: ResultFormat,
  store: JobStore,
  job: JobFacts,
  lookup: AnyLookup,
  operation: AnyOperation,
  head: boolean,
): Promise<void> {
  const type =
    format === 'csv'
      ? 'text/csv; charset=utf-8'
      : format === 'json'
        ? 'application/json; charset=utf-8'
        : 'application/geo+json; charset=utf-8';
  res.writeHead(200, {
    'content-type': type,
    'content-disposition': `attachment; filename="job-${job.id}.${format}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (head) return void res.end();
  if (format === 'csv') {
    const columns: string[] = [];
    const seen = new Set<string>();
    for await (const rows of mergedChunks(store, job, lookup, operation))
      for (const row of rows)
        for (const key of Object.keys(row))
          if (!seen.has(key)) {
            seen.add(key);
            columns.push(key);
          }
    await write(res, csvHeaderLine(columns));
    for await (const rows of mergedChunks(store, job, lookup, operation)) {
      if (res.destroyed) return;
      if (rows.length === 0) continue;
      await write(
        res,
        csvRowLines(
          columns,
          rows.map((row) => columns.map((column) => row[column])),
        ),
      );
    }
    return void res.end();
  }
  const geo = format === 'geojson';
  await write(res, geo ? '{"type":"FeatureCollection","features":[' : '[');
  let first = true;
  for await (const rows of mergedChunks(store, job, lookup, operation)) {
    if (res.destroyed) return;
    const parts: string[] = [];
    for (const row of rows) {
      if (!geo) {
        parts.push(JSON.stringify(row));
        continue;
      }
      const record = originalRecord(row, job.columns);
      const point = record && operation.adapters?.point?.(record);
      if (!point) continue;
      parts.push(JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [point.lon, point.lat] }, properties: row }));
    }
    if (parts.length === 0) continue;
    await write(res, `${first ? '' : ','}${parts.join(',')}`);
    first = false;
  }
  res.end(geo ? ']}' : ']');
}
