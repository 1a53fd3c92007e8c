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

describe('keyScrubber, base64 and streaming', () => {
  const key = 'k3y/Secret+value&x=1';
  const scrub = keyScrubber([key]);

  it.each([0, 1, 2, 5])('replaces the key base64-encoded at offset %i, in both alphabets', (offset) => {
    const encoded = Buffer.from(`${'p'.repeat(offset)}${key}tail`).toString('base64');
    for (const text of [encoded, encoded.replaceAll('+', '-').replaceAll('/', '_')]) {
      const out = scrub.text(`token=${text}`);
      expect(out).toContain('<API_KEY>');
      expect(Buffer.from(out.slice(6), 'base64').toString('latin1')).not.toContain('Secret');
    }
  });

  it('catches a key split across chunks at every position, and leaves other bytes exactly as they were', () => {
    const body = Buffer.from(`{"a":"${key}","b":"${encodeURIComponent(key)}","c":"é"}`);
    const expected = scrub.bytes(body);
    expect(expected.toString()).toBe('{"a":"<API_KEY>","b":"<API_KEY>","c":"é"}');
    for (let cut = 0; cut <= body.length; cut++) {
      for (const size of [1, 3, cut || 1]) {
        const stream = scrub.stream();
        const parts: Buffer[] = [stream.push(body.subarray(0, cut))];
        for (let at = cut; at < body.length; at += size) parts.push(stream.push(body.subarray(at, at + size)));
        parts.push(stream.end());
        expect(Buffer.concat(parts).equals(expected)).toBe(true);
      }
    }
  });

  it('holds back nothing when no form can start at the end of a chunk', () => {
    const stream = scrub.stream();
    expect(stream.push(Buffer.from('plain text')).toString()).toBe('plain text');
    expect(stream.push(Buffer.from('ends with k3')).toString()).toBe('ends with ');
    expect(Buffer.concat([stream.push(Buffer.from('y/Secret+value&x=1!')), stream.end()]).toString()).toBe('k3y/Secret+value&x=1!'.replace(key, '<API_KEY>'));
  });

  it('finds a key in a header name, whatever its case', () => {
    expect(scrub.inHeaderName(`x-ratelimit-${encodeURIComponent(key).toLowerCase()}`)).toBe(true);
    expect(scrub.inHeaderName('x-ratelimit-remaining')).toBe(false);
  });
});
