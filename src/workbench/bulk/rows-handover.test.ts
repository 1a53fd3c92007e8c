// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { lookups } from '../../lookups/registry.ts';
import { linksFrom } from '../../lookups/links.ts';
import { forgetHandedRows, handOverRows, peekHandedRows, readHandedRows, rowsFromRecords } from './rows-handover.ts';

const h = lookups.H.operations[0];
const offender = (id: string, lat: string) => ({
  sex_offender_name: id,
  sex_offender_lat: lat,
  sex_offender_lon: '-89.65',
  sex_offender_zipcode: '62701',
});

describe('rows from an answer', () => {
  it("maps each record to the target's parameters and keeps the source record's identity beside them", () => {
    const toL = linksFrom('H', 'records').find((link) => link.to === 'L')!;
    const { rows, skipped } = rowsFromRecords(toL, h, [offender('A', '39.78'), { sex_offender_name: 'no place' }, offender('B', '39.80')]);
    expect(skipped).toBe(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ lat: '39.78', lon: '-89.65', distance: '1mi', source_lookup: 'H' });
    expect(rows[0]!.source_record).toBeTruthy();
    expect(rows[0]!.source_record).not.toBe(rows[1]!.source_record);
  });

  it('hands rows over to the named lookup only, until forgotten', () => {
    handOverRows('L', [{ lat: '1' }], 'H answer', sessionStorage);
    expect(peekHandedRows('M')).toBeUndefined();
    expect(peekHandedRows('L')).toEqual({ fileName: 'H answer', text: JSON.stringify([{ lat: '1' }], null, 1) });
    expect(readHandedRows('L')?.table?.columns).toEqual(['lat']);
    forgetHandedRows('L');
    expect(peekHandedRows('L')).toBeUndefined();
    sessionStorage.setItem('lookup-explorer:bulk-handover:L', 'not json');
    expect(peekHandedRows('L')).toBeUndefined();
  });
});
