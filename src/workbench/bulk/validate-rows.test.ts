import { describe, expect, it } from 'vitest';
import { findOperation } from '../../lookups/define-lookup.ts';
import { validateValues } from '../../form/validate-values.ts';
import { everyWidgetLookup } from '../../form/testing/every-widget-lookup.ts';
import { matchColumns, unmappedColumns } from './column-mapping.ts';
import { readInput, type InputRow } from './read-input.ts';
import type { ColumnMapping } from './column-mapping.ts';
import { checkRowsInSlices, queryKey, rowValues, yieldToBrowser } from './validate-rows.ts';

// The form's fixture: a required path parameter, bounded numbers, dates with a cross-field rule.
const operation = findOperation(everyWidgetLookup, 'search');
const constants = { start_date: '2024-01-01', end_date: '2024-01-31' };

function rows(text: string): InputRow[] {
  const result = readInput(text);
  if (!result.ok) throw new Error(result.message);
  return result.table.rows;
}

const formMessage = (values: Record<string, string>, field: string) => {
  const validation = validateValues(operation, values);
  if (validation.ok) throw new Error('expected the form to refuse');
  return validation.errors.fields[field];
};

describe('column mapping', () => {
  it('matches columns to parameters by name, ignoring case and spaces; the rest are unmapped', () => {
    const columns = [' REGION ', 'Limit', 'note'];
    const mapping = matchColumns(operation, columns);
    expect(mapping).toEqual({ region: ' REGION ', limit: 'Limit' });
    expect(unmappedColumns(columns, mapping)).toEqual(['note']);
  });

  it('reads a parameter from its column in any case: JSON items spelling the key differently all feed it', async () => {
    const input = rows(JSON.stringify([{ region: 'north' }, { REGION: 'south' }, { Region: '', region: 'east' }]));
    const mapping = matchColumns(operation, ['region', 'REGION', 'Region']);
    const check = await checkRows(input, mapping, constants);
    expect(check.invalid).toEqual([]);
    expect(check.jobs.map((job) => job.params.region)).toEqual(['north', 'south', 'east']);
  });
});

/** Every row checked in one slice. */
async function checkRows(input: readonly InputRow[], mapping: ColumnMapping, values: Record<string, string>) {
  const check = await checkRowsInSlices(operation, input, mapping, values, {
    signal: new AbortController().signal,
    sliceMs: Number.POSITIVE_INFINITY,
  });
  if (!check) throw new Error('a check that is never stopped ends with a result');
  return check;
}

describe('checking rows', () => {
  it('lists each invalid row with its line, its column, the value it sent and the form’s own message', async () => {
    const input = rows('Region,Limit,note\nnorth,5,ok\nsouth,500,too many\n,3,no region\n');
    const check = await checkRows(input, { region: 'Region', limit: 'Limit' }, constants);
    expect(check.invalid.map(({ problems }) => problems)).toEqual([
      [{ where: 'line 3', column: 'Limit', value: '500', message: formMessage({ ...constants, region: 'south', limit: '500' }, 'limit') }],
      [{ where: 'line 4', column: 'Region', value: '', message: 'region is required' }],
    ]);
    expect(check.jobs).toHaveLength(1);
    expect(check.jobs[0]).toMatchObject({
      index: 0,
      input: { Region: 'north', Limit: '5', note: 'ok' },
      rows: ['line 2'],
      params: { region: 'north', limit: 5 },
    });
  });

  it('names the constant when the form’s value is at fault, and a cross-field rule at its field', async () => {
    const check = await checkRows(rows('region\nnorth\n'), { region: 'region' }, { start_date: '2024-02-01', end_date: '2024-01-01' });
    expect(check.invalid[0]!.problems).toEqual([
      { where: 'line 2', column: 'end_date (constant)', value: '2024-01-01', message: 'end_date is before start_date' },
    ]);
    const missing = await checkRows(rows('region\nnorth\n'), { region: 'region' }, {});
    expect(missing.invalid[0]!.problems.map((problem) => problem.column).sort()).toEqual(['end_date (constant)', 'start_date (constant)']);
  });

  it('fills unmapped parameters from the form’s constants, a mapped column winning over a constant', () => {
    const row: InputRow = { where: 'line 2', values: { zone: 'north', extra: 'x' } };
    expect(rowValues(row, { region: 'zone' }, { region: 'south', q: 'storm' })).toEqual({ region: 'north', q: 'storm' });
  });

  it('sends identical queries once, however they are written', async () => {
    const check = await checkRows(
      rows('region,limit\nnorth,5\n north ,05\nnorth,5\nnorth,6\n'),
      { region: 'region', limit: 'limit' },
      constants,
    );
    expect(check.jobs).toHaveLength(2);
    expect(check.duplicates).toBe(2);
    expect(check.jobs[0]!.rows).toEqual(['line 2', 'line 3', 'line 4']);
    expect(check.jobs[1]!.rows).toEqual(['line 5']);
  });

  it('keys a query by its parsed values, not their order', () => {
    expect(queryKey({ a: 1, b: 'x', c: undefined })).toBe(queryKey({ b: 'x', a: 1 }));
    expect(queryKey({ a: 1 })).not.toBe(queryKey({ a: 2 }));
  });
});

describe('checkRowsInSlices', () => {
  const many = (count: number) =>
    rows(
      `region,limit\n${Array.from({ length: count }, (_, index) => (index % 7 === 3 ? ',5' : `r${index % 50},${(index % 9) + 1}`)).join('\n')}\n`,
    );

  it('finds in slices what one pass finds, giving the page its turn between slices', async () => {
    const input = many(400);
    const mapping = { region: 'region', limit: 'limit' };
    let turns = 0;
    const progress: number[] = [];
    const sliced = await checkRowsInSlices(operation, input, mapping, constants, {
      signal: new AbortController().signal,
      sliceMs: 0,
      onProgress: (checked) => progress.push(checked),
      yieldToPage: async () => void (turns += 1),
    });
    expect(sliced).toEqual(await checkRows(input, mapping, constants));
    // A slice of 0 ms checks one row: a turn after each but the last, progress rising to the end.
    expect(turns).toBe(399);
    expect(progress).toHaveLength(400);
    expect(progress.at(-1)).toBe(400);
  });

  it('stops, resolving undefined, when its signal aborts between slices', async () => {
    const controller = new AbortController();
    let checkedWhenAborted = 0;
    const result = await checkRowsInSlices(operation, many(100), { region: 'region', limit: 'limit' }, constants, {
      signal: controller.signal,
      sliceMs: 0,
      onProgress: (checked) => {
        if (checked === 10) {
          checkedWhenAborted = checked;
          controller.abort();
        }
      },
      yieldToPage: () => Promise.resolve(),
    });
    expect(result).toBeUndefined();
    expect(checkedWhenAborted).toBe(10);
  });

  it('yields to the page with a task, not a microtask', async () => {
    const order: string[] = [];
    const yielded = yieldToBrowser().then(() => order.push('yielded'));
    void Promise.resolve().then(() => order.push('microtask'));
    await yielded;
    expect(order).toEqual(['microtask', 'yielded']);
  });
});
