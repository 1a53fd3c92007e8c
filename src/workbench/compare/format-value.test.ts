// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shortValueText, valueText } from './format-value.ts';

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
