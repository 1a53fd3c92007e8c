// The palette's "export the current answer" actions for the lookup page: the records of the answer
// on screen (masked when masking is on) as CSV or JSON, with the result table's default choices:
// under the table's filters (the URL's), the filtered records only, and the file name says so.
// Registering them costs nothing: the answer is interpreted, and the writers (answer-export.ts,
// with Papa Parse) are loaded, only when an export runs.
import { useMemo } from 'react';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import type { MapLook, TableFilters } from '../../results/view-state.ts';
import type { AnswerExportFormat } from './answer-export.ts';
import { usePageActions, type PageAction } from './page-actions.ts';

interface AnswerOnScreen {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params | undefined;
  response: LookupResponse | undefined;
  masked: boolean;
  /** The table's filters, from the URL; undefined when none. */
  filters?: TableFilters | undefined;
  /** The map's look (`time=`, `area=`): it narrows the export as it narrows the table. */
  look?: MapLook | undefined;
}

export function answerExportActions({ lookup, operation, params, response, masked, filters, look }: AnswerOnScreen): PageAction[] {
  if (!params || !response) return [];
  const narrowed = (filters !== undefined && Object.keys(filters).length > 0) || look?.time !== undefined || (look?.area?.length ?? 0) >= 3;
  const which = narrowed ? 'the filtered answer' : 'the answer';
  const write = async (format: AnswerExportFormat) => {
    const { exportAnswer } = await import('./answer-export.ts');
    exportAnswer(format, { lookup, operation, params, response, masked, filters, look });
  };
  return [
    { id: 'export-csv', label: `Export ${which} as CSV`, keywords: ['download', 'spreadsheet', 'csv'], run: () => void write('csv') },
    { id: 'export-json', label: `Export ${which} as JSON`, keywords: ['download', 'json'], run: () => void write('json') },
  ];
}

/** Offers the exports of the answer on screen to the palette while there is one. */
export function useAnswerExportActions(answer: AnswerOnScreen): void {
  const { lookup, operation, params, response, masked, filters, look } = answer;
  const actions = useMemo(
    () => answerExportActions({ lookup, operation, params, response, masked, filters, look }),
    [lookup, operation, params, response, masked, filters, look],
  );
  usePageActions(actions);
}
