import { describe, expect, it } from 'vitest';
import { locateJsonError, parseJson } from './json-syntax.ts';

describe('locating a JSON syntax error', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '"text"', '0']) {
      expect(locateJsonError(text)).toBeUndefined();
      expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });

  it('gives the line and column of the first offending character', () => {
    expect(locateJsonError('{\n  "a": 1,\n  "b": x\n}')).toEqual({ line: 3, column: 8, message: 'unexpected “x”' });
    expect(locateJsonError('{\n  "a": 1,\n}')).toMatchObject({
      line: 3,
      column: 1,
      message: 'expected a property name in double quotes but found “}”',
    });
    expect(locateJsonError('[1 2]')).toMatchObject({ line: 1, column: 4, message: 'expected “,” or “]” but found “2”' });
    expect(locateJsonError("{'a': 1}")).toMatchObject({ line: 1, column: 2 });
    expect(locateJsonError('{"a": "b\nc"}')).toMatchObject({
      line: 1,
      column: 9,
      message: 'a control character must be escaped inside a string',
    });
    expect(locateJsonError('{} extra')).toMatchObject({ line: 1, column: 4, message: 'unexpected “e” after the end of the JSON value' });
  });

  it('says when the text ends too early', () => {
    expect(locateJsonError('{\r\n  "a": [1,')).toEqual({ line: 2, column: 11, message: 'the text ends too early' });
    expect(locateJsonError('')).toMatchObject({ line: 1, column: 1, message: 'the text ends too early' });
  });

  it('parseJson reports the location instead of the engine’s message', () => {
    const result = parseJson('{"format": lookup}');
    expect(result).toEqual({ ok: false, error: { line: 1, column: 12, message: 'unexpected “l”' } });
  });
});
