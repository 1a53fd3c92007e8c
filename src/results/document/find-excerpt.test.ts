// A Find result's value: the text found is inside what is shown, and marked, wherever it sits.
import { describe, expect, it } from 'vitest';
import { excerptAround, type MarkedText } from './find-excerpt.ts';

/** The excerpt with its marked part in [brackets], to read at a glance. */
const shown = ({ text, mark: [start, end] }: MarkedText) => `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;

describe('excerptAround', () => {
  it('shows a short string whole, in JSON quotes, with the text found marked', () => {
    expect(shown(excerptAround('North Gate', 6, 4))).toBe('"North [Gate]"');
    expect(shown(excerptAround('1200 Block of Quince Lane', 14, 6))).toBe('"1200 Block of [Quince] Lane"');
    expect(shown(excerptAround('say "hi"', 4, 4))).toBe('"say [\\"hi\\"]"');
  });

  it('cuts a long string to a window around the text found, far from its start', () => {
    const narrative = `${'Subject described as wearing a '.repeat(4)}grey hoodie and dark jeans, last seen walking north on Main Street toward the station.`;
    const at = narrative.indexOf('hoodie');
    const excerpt = shown(excerptAround(narrative, at, 6));
    expect(excerpt).toBe('"…ribed as wearing a grey [hoodie] and dark jeans, last seen walking north…"');
  });

  it('keeps the start or the end when the text found is near it', () => {
    const long = `hoodie ${'x'.repeat(100)} end`;
    expect(shown(excerptAround(long, 0, 6))).toBe(`"[hoodie] ${'x'.repeat(39)}…"`);
    expect(shown(excerptAround(long, long.length - 3, 3))).toBe(`"…${'x'.repeat(23)} [end]"`);
  });

  it('cuts a very long text found, and never splits a character in two', () => {
    const long = `${'y'.repeat(100)}${'z'.repeat(200)}`;
    expect(shown(excerptAround(long, 100, 200))).toBe(`"…${'y'.repeat(24)}[${'z'.repeat(80)}]…"`);
    const emoji = `${'😀'.repeat(60)}hit`;
    const text = excerptAround(emoji, 120, 3).text;
    expect(text).toBe(`"…${'😀'.repeat(12)}hit"`);
    expect(text).not.toMatch(/\\u/);
  });

  it('shows a number, true, false or null as it is', () => {
    expect(shown(excerptAround(150, 1, 2))).toBe('1[50]');
    expect(shown(excerptAround(null, 0, 4))).toBe('[null]');
  });
});
