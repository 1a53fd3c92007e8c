import { describe, expect, it } from 'vitest';
import { keyScrubber } from './key-scrubber.ts';

describe('keyScrubber', () => {
  const key = 'a/b c+d"é';
  const scrub = keyScrubber([key]);

  it('replaces the raw, percent-encoded, form-encoded and JSON-escaped forms of the key', () => {
    const text = [key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString(), JSON.stringify(key), 'a/b'].join(' | ');
    expect(scrub.text(text)).toBe('<API_KEY> | <API_KEY> | k=<API_KEY> | "<API_KEY>" | a/b');
  });

  it('replaces lower-case percent escapes, and works on bytes without touching other bytes', () => {
    const lowerEscapes = encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    const body = Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from(`x=${lowerEscapes}&y=${key}`), Buffer.from([0xfe])]);
    expect(scrub.bytes(body)).toEqual(Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from('x=<API_KEY>&y=<API_KEY>'), Buffer.from([0xfe])]));
  });

  it('changes nothing without keys', () => {
    expect(keyScrubber([]).text('a/b c+d')).toBe('a/b c+d');
  });
});
