// D-27: the catalog's search finds lookups by their field names, their HTTP method and the
// synonyms their definitions declare ("email", "geocoding", "market", "GET" once found nothing,
// "traffic" only one lookup), and ranks a title, subject or keyword hit before a field-name hit.
// Expectations come from the registry's own schemas and keywords, never from letters.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { toCatalogEntry, toSearchFields } from '../lookups/catalog-entry.ts';
import { allLookups } from '../lookups/registry.ts';
import { filterCatalog, words, type SearchFields } from './catalog-filter.ts';

const entries = allLookups.map(toCatalogEntry);
const fields: SearchFields = Object.fromEntries(allLookups.map((lookup) => [lookup.id, toSearchFields(lookup)]));
const found = (query: string) => filterCatalog(entries, query, fields).map((entry) => entry.id);
/** What the search finds without field names and methods: titles, subjects, facts, keywords. */
const named = (query: string) => filterCatalog(entries, query).map((entry) => entry.id);

/** The lookups with a parameter or response field whose name holds `word`, read from the schemas themselves. */
function withFieldNamed(word: RegExp): string[] {
  const holds = (lookup: AnyLookup) =>
    lookup.operations.some(
      (operation) =>
        Object.keys(operation.params.shape).some((name) => word.test(name)) ||
        [...JSON.stringify(z.toJSONSchema(operation.response, { unrepresentable: 'any' })).matchAll(/"([^"]+)":/g)].some(([, name]) =>
          word.test(name!),
        ),
    );
  return allLookups.filter(holds).map((lookup) => lookup.id);
}

/** The lookups whose definition lists a keyword with a word beginning `stem`. */
function withKeyword(stem: string): string[] {
  return allLookups
    .filter((lookup) => (lookup.keywords ?? []).some((keyword) => words(keyword).some((word) => word.startsWith(stem))))
    .map((lookup) => lookup.id);
}

describe('catalog search by field name, method and synonym (D-27)', () => {
  it('"email" finds every lookup with an e-mail field', () => {
    const expected = withFieldNamed(/email/i);
    expect(expected.length).toBeGreaterThan(0);
    expect(found('email')).toEqual(expect.arrayContaining(expected));
    expect(found('Email')).toEqual(found('email'));
  });

  it('"GET" finds every lookup with a GET operation, "post" the ones sent by POST', () => {
    for (const method of ['GET', 'POST'] as const) {
      const expected = allLookups
        .filter((lookup) => lookup.operations.some((operation) => operation.method === method))
        .map((lookup) => lookup.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(found(method)).toEqual(expect.arrayContaining(expected));
      expect(found(method.toLowerCase())).toEqual(found(method));
    }
  });

  it('"geocoding" and "market" find the lookups that declare them as keywords, first', () => {
    for (const query of ['geocoding', 'market']) {
      const keyworded = withKeyword(query);
      expect(keyworded.length, query).toBeGreaterThan(0);
      expect(found(query).slice(0, keyworded.length), query).toEqual(keyworded);
    }
  });

  it('"traffic" finds web traffic and the 911 calls that include traffic stops, not one lookup alone', () => {
    const expected = [...new Set([...withKeyword('traffic'), ...withFieldNamed(/traffic/i)])];
    expect(expected.length).toBeGreaterThan(1);
    expect(found('traffic')).toEqual(expect.arrayContaining(expected));
  });

  it('finds every lookup by each word of its field names', () => {
    for (const lookup of allLookups)
      for (const word of fields[lookup.id]!.split(' ')) expect(found(word), `${lookup.id}: ${word}`).toContain(lookup.id);
  });

  it('ranks title, subject and keyword hits before field-name hits', () => {
    for (const query of ['market', 'email', 'traffic', 'location', 'company', 'address']) {
      const first = named(query);
      const all = found(query);
      expect(all.slice(0, first.length), query).toEqual(first);
      expect(all.length, query).toBeGreaterThanOrEqual(first.length);
    }
    // "market" is a keyword of some lookups and only part of a field name (`industryMarketSegments`) of another.
    expect(found('market').length).toBeGreaterThan(named('market').length);
  });

  it('matches field names as whole words (or their plural), never by a prefix typed on the way', () => {
    for (const prefix of ['pol', 'curr', 'em', 'ge', 'qual']) expect(found(prefix), prefix).toEqual(named(prefix));
    // `emails` and `email` find each other.
    expect(found('emails')).toEqual(expect.arrayContaining(withFieldNamed(/^emails?$/i)));
  });

  it('before the field index has loaded, finds what titles, subjects and keywords name', () => {
    for (const query of ['market', 'traffic', 'geocoding', 'police'])
      expect(
        filterCatalog(entries, query).map((entry) => entry.id),
        query,
      ).toEqual(found(query).slice(0, named(query).length));
  });

  it('keeps the field index compact: words only, each once per lookup', () => {
    for (const lookup of allLookups) {
      const list = fields[lookup.id]!.split(' ');
      expect(new Set(list).size, lookup.id).toBe(list.length);
      expect(
        list.every((word) => /^[\p{Ll}\p{N}]{2,}$/u.test(word)),
        lookup.id,
      ).toBe(true);
    }
    expect(JSON.stringify(fields).length).toBeLessThan(12_000);
  });
});
