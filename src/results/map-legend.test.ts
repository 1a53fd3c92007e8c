import { describe, expect, it } from 'vitest';
import { categorySlots, LEGEND_SIZE, legendOf } from './map-legend.ts';

const records = [
  { kind: 'Theft', n: 1 },
  { kind: 'Theft', n: 2 },
  { kind: 'Assault', n: 3 },
  { kind: 'Theft', n: 4 },
  { kind: 'Fraud', n: 5 },
  { kind: 'Assault', n: 6 },
];

describe('legendOf', () => {
  it('counts categories most frequent first, all shown while none is picked', () => {
    const legend = legendOf(records, 'kind', undefined, undefined);
    expect(legend.entries).toEqual([
      { key: 'Theft', count: 3, shown: true },
      { key: 'Assault', count: 2, shown: true },
      { key: 'Fraud', count: 1, shown: true },
    ]);
    expect(legend.others).toBe(0);
  });
  it("counts like a facet: the column's own pick does not hide the others, other filters and the scope do", () => {
    const legend = legendOf(records, 'kind', { kind: { equals: ['Fraud'] }, n: { max: 5 } }, [0, 1, 2, 4]);
    expect(legend.entries).toEqual([
      { key: 'Theft', count: 2, shown: false },
      { key: 'Assault', count: 1, shown: false },
      { key: 'Fraud', count: 1, shown: true },
    ]);
  });
  it("gives each record its category's slot, the rest 'Other'", () => {
    const many = Array.from({ length: LEGEND_SIZE + 2 }, (_, index) => ({ kind: `k${index}` }));
    const legend = legendOf(many, 'kind', undefined, undefined);
    expect(legend.others).toBe(2);
    const slots = categorySlots(
      many,
      legend.column,
      legend.entries.map((entry) => entry.key),
    );
    expect([...slots].filter((slot) => slot === LEGEND_SIZE)).toHaveLength(2);
    expect(slots[many.findIndex((record) => record.kind === legend.entries[0]!.key)]).toBe(0);
  });
});
