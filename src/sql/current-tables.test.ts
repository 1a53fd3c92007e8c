import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetCurrentAnswers, noteCurrentAnswer } from '../results/current-answers.ts';
import { currentTables } from './source-tables.ts';
import { currentTableName } from './table-names.ts';

describe('the answers open on lookup pages, as /sql tables', () => {
  beforeEach(() => forgetCurrentAnswers());

  it('are named after their lookup', () => {
    expect(currentTableName('b')).toBe('current_b');
    expect(currentTableName('Weird id!')).toBe('current_weird_id');
  });

  it('hold the viewer’s records flattened, and leave unmasked ones out once masking is on', async () => {
    noteCurrentAnswer({
      lookupId: 'q',
      lookupTitle: 'People',
      records: [{ name: 'Person 1', place: { zip: '94103' } }],
      unmasked: true,
      shownAt: 5,
    });
    noteCurrentAnswer({ lookupId: 'r', lookupTitle: 'Places', records: [{ zip: '94110' }, { zip: '94103' }], unmasked: false, shownAt: 6 });
    const tables = currentTables(false);
    expect(tables.map((table) => [table.base, table.kind, table.unmasked])).toEqual([
      ['current_q', 'current', true],
      ['current_r', 'current', false],
    ]);
    expect(tables[0]!.description).toMatch(/^People, the answer open on its page \(.+\), 1 records$/);
    expect(await tables[0]!.rows()).toEqual({ columns: ['name', 'place.zip'], rows: [{ name: 'Person 1', 'place.zip': '94103' }] });
    expect(currentTables(true).map((table) => table.base)).toEqual(['current_r']);
  });
});
