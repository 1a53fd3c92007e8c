import { describe, expect, it } from 'vitest';
import { queriesWords, skippedWords, timeLeftWords } from './run-words.ts';

describe('a run in words', () => {
  it('agrees noun and verb with the number', () => {
    expect(skippedWords(1)).toBe('1 invalid row was skipped.');
    expect(skippedWords(2)).toBe('2 invalid rows were skipped.');
    expect(skippedWords(12_000)).toBe('12,000 invalid rows were skipped.');
    expect(queriesWords(1)).toBe('1 query');
    expect(queriesWords(3)).toBe('3 queries');
  });

  it('says the time left in seconds or minutes, and "estimating" before there is a pace', () => {
    expect(timeLeftWords(undefined)).toBe('estimating the time left…');
    expect(timeLeftWords(4_100)).toBe('about 5 s left');
    expect(timeLeftWords(600_000)).toBe('about 10 min left');
  });
});
