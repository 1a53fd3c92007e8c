// The tables of the /sql page: the answer open on each lookup's page in this tab (`current_<lookup>`,
// History or not), every stored answer in History (`l_20261125_1432`) and every saved bulk dataset
// (`bulk_zips`), each read the way its own page reads it (the lookup's interpreter,
// masking as the viewer has it), flattened as the table flattens records. Only the tables a query
// names are loaded into the engine.
import { catalogEntries } from 'virtual:lookup-catalog';
import { findOperation, type LookupId } from '../lookups/define-lookup.ts';
import { interpretAnswer } from '../lookups/answer.ts';
import { flattenRecords, type FlatTable } from '../results/table-api.ts';
import { getStoredResponse, listHistory } from '../workbench/history/history-store.ts';
import { loadDefinition } from '../workbench/history/lookup-facts.ts';
import { entryLabel } from '../workbench/history/history-format.ts';
import { holdsUnmaskedData, mayKeepBody } from '../workbench/history/masking-rules.ts';
import { answerRecords, mergeRows, type MergedRow } from '../workbench/bulk/merge.ts';
import { getAnswers, getJobs, listRuns, openBulkDb } from '../workbench/bulk/run-store.ts';
import { currentAnswers } from '../results/current-answers.ts';
import { answerTableName, bulkTableName, currentTableName, distinctNames, TABLES_TABLE } from './table-names.ts';
import type { TableSource } from './table-registry.ts';

export interface SourceTable extends TableSource {
  kind: 'current' | 'history' | 'bulk' | 'list';
  /** What the table is, for the list and the `tables` table: the query in words, time, record count. */
  description: string;
}

const titleOf = (id: string) => catalogEntries.find((entry) => entry.id === id)?.title ?? id;

/** The answers open on lookup pages in this tab, as the viewer shows them (masked when it masks). */
export function currentTables(maskingOn: boolean): Array<Omit<SourceTable, 'name'> & { base: string }> {
  return currentAnswers(maskingOn).map((answer) => ({
    base: currentTableName(answer.lookupId),
    kind: 'current' as const,
    description: `${answer.query ?? answer.lookupTitle}, the answer open on its page (${new Date(answer.shownAt).toLocaleString('en-US')}), ${answer.records.length.toLocaleString('en-US')} records`,
    key: answer.records,
    unmasked: answer.unmasked,
    rows: () => flattenRecords(answer.records, { nested: 'json' }),
  }));
}

async function historyTables(maskingOn: boolean): Promise<Array<Omit<SourceTable, 'name'> & { base: string }>> {
  const entries = (await listHistory())
    .filter(
      (entry) =>
        entry.bodyStored &&
        entry.status !== undefined &&
        entry.status < 300 &&
        (entry.recordCount ?? 0) > 0 &&
        mayKeepBody(entry, maskingOn),
    )
    .sort((a, b) => a.sentAt - b.sentAt);
  return entries.map((entry) => ({
    base: answerTableName(entry.lookupId, entry.sentAt),
    kind: 'history' as const,
    description: entryLabel(entry),
    key: `${entry.id}:${maskingOn}`,
    unmasked: !maskingOn && holdsUnmaskedData(entry),
    rows: async (): Promise<FlatTable> => {
      const [response, lookup] = await Promise.all([getStoredResponse(entry.id), loadDefinition(entry.lookupId)]);
      if (!response || !lookup) return { columns: [], rows: [] };
      const operation = findOperation(lookup, entry.operationId);
      const answer = interpretAnswer(
        lookup,
        operation,
        entry.params,
        { body: response.body, parseError: response.parseError, headers: response.headers },
        { mask: maskingOn },
      );
      return flattenRecords(answer.records, { nested: 'json' });
    },
  }));
}

async function bulkTables(maskingOn: boolean): Promise<Array<Omit<SourceTable, 'name'> & { base: string }>> {
  const db = await openBulkDb();
  const runs = (await Promise.all(catalogEntries.map((entry) => listRuns(db, entry.id)))).flat().sort((a, b) => a.createdAt - b.createdAt);
  return runs.map((run) => {
    const mask = maskingOn || run.mask;
    return {
      base: bulkTableName(run.fileName),
      kind: 'bulk' as const,
      description: `${titleOf(run.lookupId)} over ${run.fileName}, ${new Date(run.createdAt).toLocaleString('en-US')}, ${run.jobCount.toLocaleString('en-US')} queries`,
      key: `${run.id}:${mask}`,
      unmasked: !mask,
      rows: async (): Promise<FlatTable> => {
        const [jobs, answers, lookup] = await Promise.all([
          getJobs(db, run.id),
          getAnswers(db, run.id),
          loadDefinition(run.lookupId as LookupId),
        ]);
        if (!lookup) return { columns: [], rows: [] };
        const operation = findOperation(lookup, run.operationId);
        const bodies = new Map(answers.map((answer) => [answer.index, answer]));
        const rows: MergedRow[] = [];
        for (const job of [...jobs].sort((a, b) => a.index - b.index)) {
          if (job.state !== 'ok' && job.state !== 'empty' && job.state !== 'failed') continue;
          const answer = bodies.get(job.index);
          const records = answer ? answerRecords(lookup, operation, job.params, answer.text, answer.maskedHeader, mask) : [];
          rows.push(...mergeRows({ index: job.index, input: job.input, state: job.state, reason: job.reason }, records, run.columns));
        }
        return flattenRecords(rows, { nested: 'json' });
      },
    };
  });
}

/** The `tables` table: every other table's short name and what it holds in words, so SQL can list them too. */
export function tablesTable(tables: readonly SourceTable[]): SourceTable {
  const rows = tables.map((table) => ({ name: table.name, kind: table.kind, description: table.description }));
  return {
    name: TABLES_TABLE,
    kind: 'list',
    description: 'every table here by name, with what it holds in words',
    key: rows.map((row) => `${row.name}\u0000${row.description}`).join('\n'),
    unmasked: false,
    rows: () => ({ columns: ['name', 'kind', 'description'], rows }),
  };
}

/** Every table the page offers, named distinctly (current answers first, then History, then bulk datasets, oldest first), then `tables`. */
export async function listSourceTables(maskingOn: boolean): Promise<SourceTable[]> {
  const [history, bulk] = await Promise.all([historyTables(maskingOn), bulkTables(maskingOn).catch(() => [])]);
  const all = [...currentTables(maskingOn), ...history, ...bulk];
  const names = distinctNames([TABLES_TABLE, ...all.map((table) => table.base)]).slice(1);
  const tables = all.map(({ base: _base, ...table }, at): SourceTable => ({ ...table, name: names[at]! }));
  return [...tables, tablesTable(tables)];
}
