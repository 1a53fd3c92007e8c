import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexEscaped } from './regex-escaped.ts';

const SYNTAX = '.*+?^${}()|[]\\/';

describe('regexEscaped', () => {
  it('escapes every syntax character, so each matches only itself', () => {
    for (const char of SYNTAX) {
      const pattern = new RegExp(`^${regexEscaped(char)}$`, 'u');
      expect(pattern.test(char), char).toBe(true);
      expect(pattern.test('a'), char).toBe(false);
    }
    expect(regexEscaped('a.b*c')).toBe('a\\.b\\*c');
  });

  it('leaves other text as it is', () => {
    expect(regexEscaped('incident_address-1 é €')).toBe('incident_address-1 é €');
  });

  it('matches any text literally, and nothing else of the same length', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...SYNTAX, 'a', 'b', '-', ' ', 'é') }), fc.string(), (text, other) => {
        const pattern = new RegExp(`^${regexEscaped(text)}$`, 'u');
        expect(pattern.test(text)).toBe(true);
        if (other !== text) expect(pattern.test(other)).toBe(false);
      }),
    );
  });
});
