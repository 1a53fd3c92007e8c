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
    expect(scrub.bytes(body)).toEqual(
      Buffer.concat([Buffer.from([0xff, 0x00]), Buffer.from('x=<API_KEY>&y=<API_KEY>'), Buffer.from([0xfe])]),
    );
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
    expect(Buffer.concat([stream.push(Buffer.from('y/Secret+value&x=1!')), stream.end()]).toString()).toBe(
      'k3y/Secret+value&x=1!'.replace(key, '<API_KEY>'),
    );
  });

  it('finds a key in a header name, whatever its case', () => {
    expect(scrub.inHeaderName(`x-ratelimit-${encodeURIComponent(key).toLowerCase()}`)).toBe(true);
    expect(scrub.inHeaderName('x-ratelimit-remaining')).toBe(false);
  });
});

describe('keyScrubber, escaped and re-cased keys (issue 22, item 14)', () => {
  const key = 'k3y/Secret+value&x=1';
  const scrub = keyScrubber([key]);
  const jsonEscaped = (text: string, upper = false) => {
    const escaped = [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    return upper ? escaped.toUpperCase().replaceAll('\\U', '\\u') : escaped;
  };
  const decimal = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');
  const hex = (text: string) => [...text].map((char) => `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`).join('');
  const echoes = {
    'every character as a JSON \\u escape': `{"echo":"${jsonEscaped(key)}"}`,
    'JSON escapes with upper-case hex': `{"echo":"${jsonEscaped(key, true)}"}`,
    'some characters escaped, some not': `{"echo":"k3y\\u002fSecret\\u002Bvalue&x=1"}`,
    'decimal character references': `<p>${decimal(key)}</p>`,
    'hexadecimal character references': `<p>${hex(key)}</p>`,
    'references without their semicolons': `<p>${[...key].map((char) => `&#${char.charCodeAt(0)}`).join('')}</p>`,
    'named references for its punctuation': `<a href="?key=k3y&sol;Secret&plus;value&amp;x&equals;1">`,
    'upper case': `{"echo":"${key.toUpperCase()}"}`,
    'lower case': `{"echo":"${key.toLowerCase()}"}`,
    'upper case with escapes': `{"echo":"K3Y\\u002FSECRET+VALUE&#38;X=1"}`,
  };

  it.each(Object.entries(echoes))('replaces the key echoed as %s, in text and in bytes', (_name, echo) => {
    expect(scrub.text(echo)).toContain('<API_KEY>');
    expect(scrub.text(echo).toLowerCase()).not.toContain('secret');
    const bytes = scrub.bytes(Buffer.from(echo)).toString();
    expect(bytes).toContain('<API_KEY>');
    expect(bytes.toLowerCase()).not.toContain('secret');
    // What a browser would read back: JSON-decoded, then HTML-decoded.
    expect(bytes).not.toMatch(/\\u00(53|73)|&#(83|115|x53|x73)/i);
  });

  it('decodes back to the placeholder, leaving every other byte as it was', () => {
    const body = Buffer.concat([
      Buffer.from([0xff]),
      Buffer.from(`{"a":"${jsonEscaped(key)}","b":"\\u00e9 &amp; &#38;"}`),
      Buffer.from([0xfe]),
    ]);
    expect(scrub.bytes(body)).toEqual(
      Buffer.concat([Buffer.from([0xff]), Buffer.from('{"a":"<API_KEY>","b":"\\u00e9 &amp; &#38;"}'), Buffer.from([0xfe])]),
    );
    expect(JSON.parse(scrub.bytes(Buffer.from(`{"a":"${jsonEscaped(key)}"}`)).toString())).toEqual({ a: '<API_KEY>' });
  });

  it('catches an escaped key split across chunks at every position', () => {
    const body = Buffer.from(`{"a":"${jsonEscaped(key)}","b":"${hex(key)}","c":"${key.toUpperCase()}","d":"é"}`);
    const expected = scrub.bytes(body);
    expect(expected.toString()).toBe('{"a":"<API_KEY>","b":"<API_KEY>","c":"<API_KEY>","d":"é"}');
    for (let cut = 0; cut <= body.length; cut++) {
      for (const size of [1, 7, cut || 1]) {
        const stream = scrub.stream();
        const parts: Buffer[] = [stream.push(body.subarray(0, cut))];
        for (let at = cut; at < body.length; at += size) parts.push(stream.push(body.subarray(at, at + size)));
        parts.push(stream.end());
        expect(Buffer.concat(parts).toString()).toBe(expected.toString());
      }
    }
  });

  it('leaves a body with escapes but no key untouched, and the same buffer when nothing matched', () => {
    const body = Buffer.from('{"name":"Caf\\u00e9 &amp; Bar","html":"&#60;b&#62;"}');
    expect(scrub.bytes(body)).toBe(body);
  });
});

describe('keyScrubber, streaming every encoding at once (issue 23)', () => {
  const key = 'k3y/Secret+value&x=1';
  const scrub = keyScrubber([key]);
  const forms = [
    key,
    encodeURIComponent(key),
    encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    new URLSearchParams({ k: key }).toString().slice(2),
    [...key].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    [...key].map((char) => `&#${char.charCodeAt(0)};`).join(''),
    [...key].map((char) => `&#x${char.charCodeAt(0).toString(16)};`).join(''),
    'k3y&sol;Secret&plus;value&amp;x&equals;1',
    key.toUpperCase(),
    Buffer.from(`..${key}..`).toString('base64'),
  ];
  // A small body holding the key in every form the scrubber knows, between ordinary bytes.
  const body = Buffer.from(`{"list":[${forms.map((form, i) => `"f${i}:${form}:é"`).join(',')}]}`);
  const whole = scrub.bytes(body);

  /** The body through a fresh stream scrubber, cut at `cuts`. */
  function streamed(cuts: number[]): Buffer {
    const stream = scrub.stream();
    const parts: Buffer[] = [];
    let from = 0;
    for (const cut of [...cuts, body.length]) {
      parts.push(stream.push(body.subarray(from, cut)));
      from = cut;
    }
    parts.push(stream.end());
    return Buffer.concat(parts);
  }

  it('scrubs every form of the key from the whole body', () => {
    const text = whole.toString();
    expect(text.match(/<API_KEY>/g)).toHaveLength(forms.length);
    expect(text.toLowerCase()).not.toContain('secret');
    expect(text).toContain(':é"');
  });

  it('gives the same bytes at every split point of the body into two pieces', () => {
    for (let cut = 0; cut <= body.length; cut++) expect(streamed([cut]).equals(whole), `cut at ${cut}`).toBe(true);
  });

  it('gives the same bytes for many random splits into up to twelve pieces', () => {
    // A fixed seed: a failure names cuts that reproduce it.
    let seed = 23;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let round = 0; round < 500; round++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 11) }, () => Math.floor(random() * (body.length + 1))).sort(
        (a, b) => a - b,
      );
      expect(streamed(cuts).equals(whole), `cuts at ${cuts.join(', ')}`).toBe(true);
    }
  });
});
