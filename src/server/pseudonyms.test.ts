// @vitest-environment node
// Masking's pseudonyms with the server's keyed code: stable across answers for the same value,
// apart for different values, kinds and secrets, and nothing of the value in them.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskPersonalData } from '../lookups/masking.ts';
import { normaliseForPseudonym } from '../lookups/stand-ins.ts';
import { CODE_LENGTH, keyedCode, processMaskSecret, randomMaskSecret } from './pseudonyms.ts';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const OTHER_SECRET = 'another-test-secret-9876543210-zyxwvuts';
const CODE = new RegExp(`^[0-9a-hjkmnp-tv-z]{${CODE_LENGTH}}$`);
const paths = ['name:people.*.name', 'address:people.*.street', 'contact:people.*.email'];

/** The code worked out independently: HMAC-SHA256(secret, kind NUL value), its first 60 bits in Crockford base32. */
function referenceCode(secret: string, kind: string, normalised: string): string {
  const digest = createHmac('sha256', secret).update(`${kind}\u0000${normalised}`).digest();
  let bits = digest.readBigUInt64BE(0) >> 4n;
  let text = '';
  for (let index = 0; index < 12; index++, bits >>= 5n) text = '0123456789abcdefghjkmnpqrstvwxyz'[Number(bits & 31n)] + text;
  return text;
}

const codeOf = (pseudonym: string) => pseudonym.split(' ').at(-1)!;

describe('pseudonyms keyed by the deployment secret', () => {
  it("are the kind's words and a 12-character code: HMAC-SHA256 of kind and normalised value under the secret", () => {
    const masked = maskPersonalData(
      { people: [{ name: 'Ada Lovelace', street: '12 Baker St', email: 'ada@example.com' }] },
      paths,
      keyedCode(SECRET),
    );
    const [person] = masked.people;
    expect(person!.name).toMatch(/^Person [0-9a-z]{12}$/);
    expect(person!.street).toMatch(/^••• masked address [0-9a-z]{12}$/);
    expect(person!.email).toMatch(/^••• masked contact [0-9a-z]{12}$/);
    for (const pseudonym of Object.values(person!)) expect(codeOf(pseudonym)).toMatch(CODE);
    expect(codeOf(person!.name)).toBe(referenceCode(SECRET, 'name', 'ada lovelace'));
    expect(codeOf(person!.street)).toBe(referenceCode(SECRET, 'address', '12 baker st'));
  });

  it('give the same value the same pseudonym in two answers and from two instances of the code, whatever its case and spacing', () => {
    const first = maskPersonalData({ people: [{ name: 'Ada Lovelace' }, { name: 'Alan Turing' }] }, paths, keyedCode(SECRET));
    keyedCode(OTHER_SECRET); // the code for SECRET is made anew below, as another process or thread would
    const second = maskPersonalData({ people: [{ name: 'Grace Hopper' }, { name: ' ADA  lovelace' }] }, paths, keyedCode(SECRET));
    expect(second.people[1]!.name).toBe(first.people[0]!.name);
    expect(second.people[0]!.name).not.toBe(first.people[0]!.name);
    expect(first.people[1]!.name).not.toBe(first.people[0]!.name);
  });

  it('give 20,000 different values 20,000 different codes', () => {
    const code = keyedCode(SECRET);
    const codes = new Set(Array.from({ length: 20_000 }, (_, index) => code('name', `person ${index}`)));
    expect(codes.size).toBe(20_000);
  });

  it('never share a code between kinds: a name, an address and a contact of the same text differ', () => {
    const code = keyedCode(SECRET);
    expect(new Set(['name', 'address', 'contact'].map((kind) => code(kind as 'name', 'jane doe'))).size).toBe(3);
    const values = Array.from({ length: 2_000 }, (_, index) => `value ${index}`);
    const names = new Set(values.map((value) => code('name', value)));
    expect(values.filter((value) => names.has(code('address', value)) || names.has(code('contact', value)))).toEqual([]);
  });

  it('differ under another secret, so nobody without the secret can work out the pseudonym of a guessed name', () => {
    const values = Array.from({ length: 500 }, (_, index) => `guess ${index}`);
    const mine = keyedCode(SECRET);
    const theirs = keyedCode(OTHER_SECRET);
    expect(values.filter((value) => mine('name', value) === theirs('name', value))).toEqual([]);
  });

  it('reveal nothing of the value: the same length for any value, and none of its words in it', () => {
    const code = keyedCode(SECRET);
    const values = [
      'A',
      'Bo',
      'Maximilian Alexander Featherstonehaugh-Wolfeschlegel',
      '1600 Pennsylvania Avenue NW',
      'zyxwvuts@qrpnmk.example',
      'x'.repeat(500),
    ];
    for (const value of values) {
      const normalised = normaliseForPseudonym(value);
      const made = code('name', normalised);
      expect(made, value).toMatch(CODE);
      if (normalised.length >= 4) expect(made).not.toContain(normalised);
      for (const word of normalised.split(/[^a-z0-9]+/).filter((part) => part.length >= 4))
        expect(made, value).not.toContain(word.slice(0, 4));
    }
  });
});

describe('the masking secret', () => {
  it('is random per call of randomMaskSecret, and one per process from processMaskSecret', () => {
    expect(randomMaskSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomMaskSecret()).not.toBe(randomMaskSecret());
    expect(processMaskSecret()).toBe(processMaskSecret());
  });
});
