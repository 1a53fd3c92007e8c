// The palette's "export the current answer" actions for the lookup page: the records of the answer
// on screen (masked when masking is on) as CSV or JSON, with the result table's default choices:
// under the table's filters (the URL's), the filtered records only, and the file name says so.
// The answer is interpreted only when an export runs, so registering them costs nothing.
import { useMemo } from 'react';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { interpretAnswer } from '../../lookups/answer.ts';
import { downloadText, exportStem } from '../../results/download.ts';
import { recordsToCsv } from '../../results/export/csv.ts';
import { recordsToJson } from '../../results/export/json.ts';
import { filteredIndicesOf, flatTableOf } from '../../results/table/table-cache.ts';
import type { TableFilters } from '../../results/view-state.ts';
import { usePageActions, type PageAction } from './page-actions.ts';

interface AnswerOnScreen {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params | undefined;
  response: LookupResponse | undefined;
  masked: boolean;
  /** The table's filters, from the URL; undefined when none. */
  filters?: TableFilters | undefined;
}

export function answerExportActions({ lookup, operation, params, response, masked, filters }: AnswerOnScreen): PageAction[] {
  if (!params || !response) return [];
  const filtered = filters !== undefined && Object.keys(filters).length > 0;
  const write = () => {
    const records = interpretAnswer(lookup, operation, params, response, { mask: masked }).records;
    const order = filtered ? filteredIndicesOf(flatTableOf(records), filters) : undefined;
    const stem = `${exportStem(lookup.slug, operation.id)}${order ? '-filtered' : ''}`;
    return { records, order, stem };
  };
  const which = filtered ? 'the filtered answer' : 'the answer';
  return [
    {
      id: 'export-csv',
      label: `Export ${which} as CSV`,
      keywords: ['download', 'spreadsheet', 'csv'],
      run: () => {
        const { records, order, stem } = write();
        downloadText(`${stem}.csv`, recordsToCsv(records, { order }), 'text/csv;charset=utf-8');
      },
    },
    {
      id: 'export-json',
      label: `Export ${which} as JSON`,
      keywords: ['download', 'json'],
      run: () => {
        const { records, order, stem } = write();
        downloadText(`${stem}.json`, recordsToJson(records, { order }), 'application/json');
      },
    },
  ];
}

/** Offers the exports of the answer on screen to the palette while there is one. */
export function useAnswerExportActions(answer: AnswerOnScreen): void {
  const { lookup, operation, params, response, masked, filters } = answer;
  const actions = useMemo(
    () => answerExportActions({ lookup, operation, params, response, masked, filters }),
    [lookup, operation, params, response, masked, filters],
  );
  usePageActions(actions);
}
