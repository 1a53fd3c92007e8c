// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paramsLine, shortValueText, valueText, varyingParams } from './format-value.ts';

describe('valueText', () => {
  it('shows text as it is, anything else as JSON, absence as a dash', () => {
    expect(valueText('Oslo')).toBe('Oslo');
    expect(valueText('')).toBe('""');
    expect(valueText(3)).toBe('3');
    expect(valueText(null)).toBe('null');
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
    expect(valueText(undefined)).toBe('—');
  });

  it('cuts a long value', () => {
    expect(shortValueText('x'.repeat(500))).toHaveLength(200);
  });
});

describe('paramsLine and varyingParams', () => {
  const entries = [
    { params: { lat: 37.7, from: '2024-05-01', page: 1 } },
    { params: { lat: 37.7, from: '2024-05-02', page: 1 } },
  ];

  it('finds the parameters that tell entries apart', () => {
    expect(varyingParams(entries)).toEqual(new Set(['from']));
    expect(varyingParams([{ params: { a: 1 } }, { params: { b: 2 } }])).toEqual(new Set(['a', 'b']));
  });

  it('puts those first, skips unset values and cuts the line', () => {
    expect(paramsLine({ ...entries[0]!.params, empty: '', none: undefined }, 90, new Set(['from']))).toBe('from=2024-05-01, lat=37.7, page=1');
    expect(paramsLine({ list: ['a', 'b'] })).toBe('list=a,b');
    expect(paramsLine({})).toBe('no parameters');
    expect(paramsLine({ q: 'x'.repeat(100) }, 20)).toHaveLength(20);
  });
});
