import { beforeEach, describe, expect, it } from 'vitest';
import { currentAnswers, forgetCurrentAnswers, noteCurrentAnswer } from './current-answers.ts';

const answer = (lookupId: string, unmasked: boolean, shownAt = 1) => ({
  lookupId,
  lookupTitle: `Lookup ${lookupId}`,
  records: [{ n: shownAt }],
  unmasked,
  shownAt,
});

describe('the current answers', () => {
  beforeEach(() => forgetCurrentAnswers());

  it('keeps the last answer shown per lookup', () => {
    noteCurrentAnswer(answer('b', false, 1));
    noteCurrentAnswer(answer('a', false, 2));
    noteCurrentAnswer(answer('b', false, 3));
    expect(currentAnswers(false).map((current) => [current.lookupId, current.shownAt])).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
  });

  it('drops an unmasked answer once masking is on, and keeps masked ones', () => {
    noteCurrentAnswer(answer('a', true));
    noteCurrentAnswer(answer('b', false));
    expect(currentAnswers(false)).toHaveLength(2);
    expect(currentAnswers(true).map((current) => current.lookupId)).toEqual(['b']);
    expect(currentAnswers(false).map((current) => current.lookupId)).toEqual(['b']);
  });
});
