import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, gunzipText, gzipText, keepText, readKeptText } from './body-codec.ts';

describe('history body codec', () => {
  it('keeps a small answer as it came', async () => {
    const text = '{"a":1}';
    const { kept, storedBytes } = await keepText(text, text.length);
    expect(kept).toEqual({ text });
    expect(storedBytes).toBe(text.length);
    expect(await readKeptText(kept)).toBe(text);
  });

  it('compresses a large answer of records to a fraction of its size and gives back every character', async () => {
    const records = Array.from({ length: 20_000 }, (_, i) => ({
      incident_code: `C${i}`,
      incident_address: `${100 + (i % 900)} BLOCK OF OAK ST`,
      lat: 37.7 + i / 1e6,
    }));
    const text = JSON.stringify(records);
    const sizeBytes = new TextEncoder().encode(text).byteLength;
    expect(sizeBytes).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const { kept, storedBytes } = await keepText(text, sizeBytes);
    expect('gzip' in kept).toBe(true);
    expect(storedBytes).toBeLessThan(sizeBytes / 5);
    expect(await readKeptText(kept)).toBe(text);
  });

  it('never splits a character written as a surrogate pair, wherever a slice of the text ends', async () => {
    // Emoji (two UTF-16 units each) straddling every slice boundary of 2^20 characters, at both parities.
    const text = `${'x'.repeat((1 << 20) - 1)}😀${'y'.repeat(1 << 20)}😀😀${'z'.repeat(3)}`;
    expect(await gunzipText(await gzipText(text))).toBe(text);
    const shifted = `w${text}`;
    expect(await gunzipText(await gzipText(shifted))).toBe(shifted);
  });
});
