import { describe, expect, it } from 'vitest';
import { packColumns } from './pack-columns.ts';

describe("the pack's first-rows columns", () => {
  const rows = [
    {
      incident_code: 'a1',
      incident_offense: 'Theft',
      incident_date: '2024-05-01',
      incident_latitude: 33.48,
      incident_longitude: -112.03,
      incident_source: 'X',
      incident_narrative: 'x'.repeat(200),
    },
    {
      incident_code: 'a2',
      incident_offense: 'Assault',
      incident_date: '2024-05-02',
      incident_latitude: 33.47,
      incident_longitude: -112.04,
      incident_source: 'X',
      incident_narrative: 'y'.repeat(200),
    },
  ];
  const columns = Object.keys(rows[0]!);

  it('keeps the columns that describe a record, in the view’s order, never coordinates, codes of one value or prose', () => {
    expect(packColumns(columns, rows)).toEqual(['incident_code', 'incident_offense', 'incident_date']);
  });

  it('takes at most the number asked, descriptive names first', () => {
    expect(packColumns(columns, rows, 2)).toEqual(['incident_offense', 'incident_date']);
  });
});
