// @vitest-environment node
// D-37: one person reads as one pseudonym across a record's full name and its first, middle and
// last name (they once got three unrelated stand-ins), reveals nothing of the name, and is the
// same person in every answer the server masks.
import { describe, expect, it } from 'vitest';
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { maskPersonalData } from '../lookups/masking.ts';
import { allLookups } from '../lookups/registry.ts';
import { numberedStandInKind } from '../lookups/stand-ins.ts';
import { sexOffendersSample } from '../lookups/testing/samples/h-sex-offenders.sample.ts';
import { sexOffenders } from '../lookups/h-sex-offenders.ts';
import { maskingTransform } from './masking-transform.ts';
import { keyedCode } from './pseudonyms.ts';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
type Offender = (typeof sexOffendersSample.sex_offenders)[number];
type Offenders = { sex_offenders: Offender[] };

const ada: Offender = {
  ...sexOffendersSample.sex_offenders[0]!,
  sex_offender_name: 'Ada Byron Lovelace',
  sex_offender_first_name: 'Ada',
  sex_offender_middle_name: 'Byron',
  sex_offender_last_name: 'Lovelace',
  sex_offender_aliases: 'Augusta Ada King',
};
const alan: Offender = {
  ...ada,
  sex_offender_name: 'Alan Mathison Turing',
  sex_offender_first_name: 'Alan',
  sex_offender_middle_name: 'Mathison',
  sex_offender_last_name: 'Turing',
  sex_offender_aliases: '',
};

/** Masks an answer as the proxy does: the transform with the deployment's secret, bytes in and out. */
function maskedByServer(lookup: AnyLookup, body: unknown): unknown {
  const transform = maskingTransform('default', SECRET);
  const operation = lookup.operations[0];
  const out = transform(lookup, operation, Buffer.from(JSON.stringify(body)), { requestHeaders: {} } as Parameters<typeof transform>[3]);
  return JSON.parse(Buffer.from((out as { body: Buffer }).body).toString('utf8'));
}

const nameFields = (record: Offender) => [
  record.sex_offender_name,
  record.sex_offender_first_name,
  record.sex_offender_middle_name,
  record.sex_offender_last_name,
];

describe("a person's name fields read as one pseudonym (D-37)", () => {
  it('gives the full name a pseudonym and each part the same pseudonym with the part named', () => {
    const masked = maskedByServer(sexOffenders, { ...sexOffendersSample, sex_offenders: [ada] }) as Offenders;
    const [name, first, middle, last] = nameFields(masked.sex_offenders[0]!);
    expect(name).toMatch(/^Person [0-9a-z]{12}$/);
    expect([first, middle, last]).toEqual([`${name}, first name`, `${name}, middle name`, `${name}, last name`]);
    // The full name's stand-in is the one a plain name of that value gets (a merged dataset joins on it).
    expect(name).toBe(maskPersonalData({ n: ada.sex_offender_name }, ['name:n'], keyedCode(SECRET)).n);
    // Nothing of the name can be read in any of the four, nor elsewhere in the record.
    const text = JSON.stringify(masked).toLowerCase();
    for (const part of ['ada', 'byron', 'lovelace', 'augusta']) expect(text).not.toContain(part);
  });

  it('gives the same person the same four stand-ins in two answers, and another person others', () => {
    const first = maskedByServer(sexOffenders, { ...sexOffendersSample, sex_offenders: [alan, ada] }) as Offenders;
    // Another answer: another zip's search, other neighbours, another order, the name in other capitals.
    const shouted = { ...ada, sex_offender_name: 'ADA  BYRON LOVELACE', sex_offender_zipcode: '62702' };
    const second = maskedByServer(sexOffenders, { ...sexOffendersSample, sex_offenders: [shouted] }) as Offenders;
    expect(nameFields(second.sex_offenders[0]!)).toEqual(nameFields(first.sex_offenders[1]!));
    const [adaName] = nameFields(first.sex_offenders[1]!);
    const [alanName, alanFirst] = nameFields(first.sex_offenders[0]!);
    expect(alanName).not.toBe(adaName);
    expect(alanFirst).toBe(`${alanName}, first name`);
  });

  it('makes the person of the parts when a record has no full name, and keeps empty and missing parts as they came', () => {
    const code = keyedCode(SECRET);
    const partsOnly = maskPersonalData({ sex_offenders: [{ ...ada, sex_offender_name: '' }] }, sexOffenders.personalData, code)
      .sex_offenders[0]!;
    const withFull = maskPersonalData({ sex_offenders: [ada] }, sexOffenders.personalData, code).sex_offenders[0]!;
    expect(partsOnly.sex_offender_name).toBe('');
    expect(partsOnly.sex_offender_first_name).toBe(withFull.sex_offender_first_name);
    const noMiddle = maskPersonalData({ sex_offenders: [{ ...ada, sex_offender_middle_name: '' }] }, sexOffenders.personalData, code)
      .sex_offenders[0]!;
    expect(noMiddle.sex_offender_middle_name).toBe('');
    expect(noMiddle.sex_offender_last_name).toBe(withFull.sex_offender_last_name);
  });

  it("numbers one person once in the browser's fallback, the parts marked as parts of that stand-in", () => {
    const masked = maskPersonalData({ sex_offenders: [ada, alan, ada] }, sexOffenders.personalData).sex_offenders;
    expect(nameFields(masked[0]!)).toEqual([
      'Person 1 (this answer)',
      'Person 1, first name (this answer)',
      'Person 1, middle name (this answer)',
      'Person 1, last name (this answer)',
    ]);
    expect(nameFields(masked[2]!)).toEqual(nameFields(masked[0]!));
    expect(masked[1]!.sex_offender_name).not.toBe(masked[0]!.sex_offender_name);
    // Compare reads every one of them as a numbered name stand-in, not as data.
    expect(nameFields(masked[0]!).map(numberedStandInKind)).toEqual(['name', 'name', 'name', 'name']);
  });

  it("holds for every lookup that declares a person's full name: its parts never get stand-ins of their own", () => {
    const declaring = allLookups.filter((lookup) => lookup.personalData.some((path) => path.startsWith('full-name:')));
    expect(declaring.length).toBeGreaterThan(0);
    for (const lookup of declaring) {
      // Every name part a definition declares sits beside a declared full name (the same object).
      const holder = (path: string) => path.slice(path.indexOf(':') + 1).replace(/\.[^.]*$/, '');
      const fulls = new Set(lookup.personalData.filter((path) => path.startsWith('full-name:')).map(holder));
      for (const part of lookup.personalData.filter((path) => /^(first|middle|last)-name:/.test(path)))
        expect(fulls, `${lookup.id}: ${part}`).toContain(holder(part));
    }
  });
});
