import { describe, expect, it } from 'vitest';
import { SHOWN_VALUE_LENGTH, showValue } from './problem-value.ts';

describe('showValue', () => {
  it('quotes a value, so that spaces, zeros and quotes inside it show', () => {
    expect(showValue('6270')).toBe('"6270"');
    expect(showValue(' 62701')).toBe('" 62701"');
    expect(showValue('0')).toBe('"0"');
    expect(showValue('say "hi"')).toBe('"say \\"hi\\""');
  });

  it('names an empty value rather than showing an empty pair of quotes', () => {
    expect(showValue('')).toBe('empty');
  });

  it('cuts a long value short with an ellipsis, never inside a character', () => {
    const long = 'x'.repeat(200);
    expect(showValue(long)).toBe(`"${'x'.repeat(SHOWN_VALUE_LENGTH - 1)}…"`);
    const emoji = '🌍'.repeat(60);
    const shown = showValue(emoji);
    expect([...JSON.parse(shown)]).toHaveLength(SHOWN_VALUE_LENGTH);
    expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(showValue('y'.repeat(SHOWN_VALUE_LENGTH))).toBe(`"${'y'.repeat(SHOWN_VALUE_LENGTH)}"`);
  });
});
