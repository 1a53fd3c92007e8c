// Writes the answer on screen as a CSV or JSON file: the records (masked when masking is on), under
// the table's filters and the map's time window and area (`time=`, `area=`) the records they keep
// only, the same scope as the table, named like the table's exports. Loaded only when
// the palette runs an export, so the CSV writer (Papa Parse) stays out of the lookup page's chunk.
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { interpretAnswer } from '../../lookups/answer.ts';
import { downloadText, exportStem } from '../../results/download.ts';
import { recordsToCsv } from '../../results/export/csv.ts';
import { recordsToJson } from '../../results/export/json.ts';
import { filteredIndicesOf, flatTableOf } from '../../results/table/table-cache.ts';
import type { MapLook, TableFilters } from '../../results/view-state.ts';
import { intersectIndices, scopedIndicesOf } from '../../results/map-scope.ts';

export interface AnswerToExport {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  response: LookupResponse;
  masked: boolean;
  /** The table's filters, from the URL; undefined or empty when none. */
  filters?: TableFilters | undefined;
  /** The map's look, from the URL: its time window and drawn area narrow the records as the table's do. */
  look?: MapLook | undefined;
}

export type AnswerExportFormat = 'csv' | 'json';

function isFiltered(filters: TableFilters | undefined): filters is TableFilters {
  return filters !== undefined && Object.keys(filters).length > 0;
}

export function exportAnswer(
  format: AnswerExportFormat,
  { lookup, operation, params, response, masked, filters, look }: AnswerToExport,
): void {
  const records = interpretAnswer(lookup, operation, params, response, { mask: masked }).records;
  const byFilters = isFiltered(filters) ? filteredIndicesOf(flatTableOf(records), filters) : undefined;
  const scope = scopedIndicesOf(operation, records, look);
  const order = scope ? intersectIndices(byFilters, scope) : byFilters;
  const stem = `${exportStem(lookup.slug, operation.id)}${order ? '-filtered' : ''}`;
  if (format === 'csv') downloadText(`${stem}.csv`, recordsToCsv(records, { order }), 'text/csv;charset=utf-8');
  else downloadText(`${stem}.json`, recordsToJson(records, { order }), 'application/json');
}
