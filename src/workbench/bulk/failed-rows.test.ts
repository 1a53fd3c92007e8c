import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { failedRowsCsv } from './failed-rows.ts';
import { readInput } from './read-input.ts';
import type { JobRecord } from './run-store.ts';

const job = (index: number, state: JobRecord['state'], zipcode: string, reason?: string): JobRecord => ({
  runId: 'r',
  index,
  params: { zipcode },
  input: { zipcode, note: `n${index}` },
  rows: [`line ${index + 2}`],
  state,
  ...(reason && { reason }),
});

describe('failedRowsCsv', () => {
  it('writes the failed rows’ input columns and reason, and reads back as the same input', () => {
    const csv = failedRowsCsv(
      [job(0, 'ok', '62701'), job(1, 'failed', '62702', 'HTTP 404: no such zip'), job(2, 'failed', '62703', 'Interrupted')],
      ['zipcode', 'note'],
    );
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(['zipcode', 'note', 'row_reason']);
    expect(parsed.data).toEqual([
      { zipcode: '62702', note: 'n1', row_reason: 'HTTP 404: no such zip' },
      { zipcode: '62703', note: 'n2', row_reason: 'Interrupted' },
    ]);
    const again = readInput(csv);
    expect(again.ok && again.table.rows.map((row) => row.values.zipcode)).toEqual(['62702', '62703']);
  });
});
