// The operation's key columns come first, in their order, then the answer's next columns up to the
// usual count; a choice keeps that order; and every key column a definition names is a column of
// its operation's sample answer, flattened as the table flattens it, so that by default the table
// shows what names a record (its label) and where it is (its point).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { interpretAnswer } from '../../lookups/answer.ts';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { lookups } from '../../lookups/registry.ts';
import { samplesOf } from '../../lookups/testing/lookup-samples.ts';
import { setupViewerTests } from '../testing/render-viewer.tsx';
import type { TableView } from '../view-state.ts';
import { type Cell, cellText, type FlatRow, flattenRecords } from './flatten-records.ts';
import { RecordTable } from './record-table.tsx';
import { INITIAL_COLUMNS, keyColumnsFirst, shownColumns } from './use-table-model.ts';

setupViewerTests();

const wide = Array.from({ length: 20 }, (_, index) => `field${index}`);

describe('key columns', () => {
  it('go first in their order, skipping any the answer lacks, then the other columns in the answer’s order', () => {
    expect(keyColumnsFirst(['a', 'b', 'c', 'd'], ['d', 'missing', 'b'])).toEqual(['d', 'b', 'a', 'c']);
    const shown = shownColumns(wide, { keyColumns: ['field18', 'field15'] });
    expect(shown).toHaveLength(INITIAL_COLUMNS);
    expect(shown.slice(0, 3)).toEqual(['field18', 'field15', 'field0']);
    expect(shownColumns(wide, undefined)).toEqual(wide.slice(0, INITIAL_COLUMNS));
  });

  it('keep their place when the person chooses columns, or all of them', () => {
    expect(shownColumns(wide, { keyColumns: ['field18', 'field15'], choice: ['field1', 'field15', 'field18'] })).toEqual([
      'field18',
      'field15',
      'field1',
    ]);
    expect(shownColumns(wide, { keyColumns: ['field18'], choice: 'all' })[0]).toBe('field18');
  });

  it('lead the table’s headers and its column menu, and a choice made there names only columns', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn<(change: TableView) => void>();
    const records = [0, 1].map((row) => Object.fromEntries(wide.map((name, index) => [name, row * 100 + index])));
    render(
      <RecordTable
        records={records}
        selectedIndex={undefined}
        onSelect={vi.fn()}
        fileStem="wide"
        view={{ columns: { keyColumns: ['field19', 'field13'] } }}
        onViewChange={onViewChange}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
    expect(headers.slice(0, 4)).toEqual(['#', 'field19', 'field13', 'field0']);
    expect(headers).toHaveLength(INITIAL_COLUMNS + 1);
    await user.click(screen.getByText(`Columns (${INITIAL_COLUMNS} of 20)`));
    const menu = screen.getByRole('group', { name: 'Columns to show' });
    const boxes = within(menu).getAllByRole('checkbox', { name: /^field/ });
    expect(boxes.slice(0, 3).map((box) => box.closest('label')?.textContent)).toEqual(['field19', 'field13', 'field0']);
    await user.click(within(menu).getByRole('checkbox', { name: 'field13' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ columns: ['field19', ...wide.slice(0, 10)] });
  });
});

const operations: Array<{ lookup: AnyLookup; operation: AnyOperation }> = Object.values(lookups).flatMap((lookup) =>
  lookup.operations.map((operation) => ({ lookup, operation })),
);

describe('every definition’s key columns', () => {
  it.each(operations.map(({ lookup, operation }) => [`${lookup.id} ${operation.id}`, lookup, operation] as const))(
    '%s: names columns its sample answer has, each once',
    (_name, lookup, operation) => {
      const keyColumns = operation.table?.keyColumns ?? [];
      expect(new Set(keyColumns).size).toBe(keyColumns.length);
      expect(keyColumns.length).toBeLessThanOrEqual(INITIAL_COLUMNS);
      if (keyColumns.length === 0) return;
      const columns = new Set(
        samplesOf(lookup, operation).flatMap(
          (body) => flattenRecords(interpretAnswer(lookup, operation, {}, { body }, { mask: false }).records).columns,
        ),
      );
      expect(columns.size).toBeGreaterThan(0);
      expect(keyColumns.filter((column) => !columns.has(column))).toEqual([]);
    },
  );
});

/** Columns of a flat row whose value satisfies `test`. */
const columnsWhere = (row: FlatRow, columns: readonly string[], test: (value: Cell | undefined) => boolean) =>
  columns.filter((column) => test(row[column]));

describe('every operation’s default columns', () => {
  it.each(operations.map(({ lookup, operation }) => [`${lookup.id} ${operation.id}`, lookup, operation] as const))(
    '%s: show a record’s label and position whenever the answer has them as columns',
    (_name, lookup, operation) => {
      const layout = operation.table ? { keyColumns: operation.table.keyColumns } : undefined;
      for (const body of samplesOf(lookup, operation)) {
        const { records } = interpretAnswer(lookup, operation, {}, { body }, { mask: false });
        const table = flattenRecords(records);
        const shown = shownColumns(table.columns, layout);
        records.forEach((record, index) => {
          const row = table.rows[index]!;
          const label = operation.adapters?.label?.(record);
          const isLabel = (value: Cell | undefined) => value !== null && value !== undefined && cellText(value) === label;
          if (label && columnsWhere(row, table.columns, isLabel).length > 0)
            expect(columnsWhere(row, shown, isLabel), `label ${label}`).not.toEqual([]);
          const point = operation.adapters?.point?.(record);
          for (const degrees of point ? [point.lat, point.lon] : []) {
            const isDegrees = (value: Cell | undefined) => value === degrees;
            if (columnsWhere(row, table.columns, isDegrees).length > 0)
              expect(columnsWhere(row, shown, isDegrees), `position ${degrees}`).not.toEqual([]);
          }
        });
      }
    },
  );
});
