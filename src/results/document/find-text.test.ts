// Find: keys and values containing the text, any case, in document order, capped with a true total.
import { describe, expect, it } from 'vitest';
import { formatPath } from './doc-path.ts';
import { FIND_MAX_LENGTH, findText, findTextProblem, locator } from './find-text.ts';

const doc = {
  name: 'Alpha Station',
  stations: [
    { id: 7, label: 'north ALPHA', open: true },
    { id: 70, label: 'south', alphabet: null },
  ],
  note: 'beta',
};

const listed = (text: string, limit = 100) => {
  const { hits, total } = findText(doc, text, limit);
  return { total, hits: hits.map((hit) => `${formatPath(hit.path)} ${hit.where}`) };
};

describe('findText', () => {
  it('finds keys and values in document order, ignoring case, and says which held the text', () => {
    expect(listed('alpha')).toEqual({
      total: 3,
      hits: ['$.name value', '$.stations[0].label value', '$.stations[1].alphabet key'],
    });
    expect(listed('LABEL').hits).toEqual(['$.stations[0].label key', '$.stations[1].label key']);
  });

  it('reads numbers, booleans and null as their text', () => {
    expect(listed('7').hits).toEqual(['$.stations[0].id value', '$.stations[1].id value']);
    expect(listed('true').hits).toEqual(['$.stations[0].open value']);
    expect(listed('null').hits).toEqual(['$.stations[1].alphabet value']);
  });

  it('reads the text literally, not as a pattern', () => {
    const doc = { a: 'a.b', b: 'axb', c: '(x) [y]*' };
    expect(findText(doc, 'a.b', 10).hits).toEqual([{ path: ['a'], where: 'value' }]);
    expect(findText(doc, '(X) [Y]*', 10).hits).toEqual([{ path: ['c'], where: 'value' }]);
  });

  it('marks a node whose key and value both hold the text once', () => {
    expect(findText({ beta: 'beta-2' }, 'beta', 10).hits).toEqual([{ path: ['beta'], where: 'both' }]);
  });

  it('lists up to the limit and counts the rest', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({ code: `X-${index}` }));
    const { hits, total } = findText(many, 'x-', 10);
    expect(total).toBe(5000);
    expect(hits.map((hit) => hit.path)).toEqual(Array.from({ length: 10 }, (_, index) => [index, 'code']));
  });

  it('finds nothing for empty text, and a primitive root by its value', () => {
    expect(findText(doc, '', 10)).toEqual({ hits: [], total: 0 });
    expect(findText('just text', 'TEXT', 10)).toEqual({ hits: [{ path: [], where: 'value' }], total: 1 });
    expect(listed('absent')).toEqual({ total: 0, hits: [] });
  });

  it('refuses text longer than it reads with a message, rather than failing to build a pattern', () => {
    const pasted = 'x'.repeat(100_000);
    expect(findTextProblem(pasted)).toBe('Find reads at most 1,000 characters; this text has 100,000.');
    expect(() => findText(doc, pasted, 10)).toThrow(RangeError);
    expect(() => findText(doc, pasted, 10)).toThrow('Find reads at most 1,000 characters');
    // The longest text it reads, all of it escaped characters, still searches.
    const longest = '.'.repeat(FIND_MAX_LENGTH);
    expect(findTextProblem(longest)).toBeUndefined();
    expect(findText({ a: `x${longest}x`, b: '.'.repeat(999) }, longest, 10).hits).toEqual([{ path: ['a'], where: 'value' }]);
  });

  it('locates the first place a text holds the words, any case', () => {
    const locate = locator('HOODIE');
    expect(locate('grey hoodie, Hoodie')).toEqual({ at: 5, length: 6 });
    expect(locate('jacket')).toBeUndefined();
  });
});
