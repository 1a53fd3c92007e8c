// @vitest-environment node
// The walk over the whole registry with masking on: every lookup's example goes through the
// server's own handler (demo data) twice, once as the browser sends it by default (masked) and
// once with `X-Lookup-Mask: off`. Every value at a personal-data path of the unmasked answer must
// be gone from the masked one: a different value, coordinates with at most 2 decimals, and no
// name, address or contact text anywhere in the masked body. LOOKUP_MASK=always must ignore the
// header. A new lookup is covered by adding it to the registry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { interpretAnswer } from '../lookups/answer.ts';
import { readPath } from '../lookups/adapters.ts';
import { MASKED_VALUE, personalValues, type PersonalValue } from '../lookups/masking.ts';
import { allLookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import { LOOKUP_CONFIG_PATH, MASK_OFF, MASK_REQUEST_HEADER, proxyUrl, WIRE_HEADERS } from '../lookups/wire.ts';
import { createAppHandler, loadAppConfig } from './assembly.ts';
import { maskingTransform } from './masking-transform.ts';
import { rawRequest, serveHandler, type RawResponse, type RunningServer } from './testing/http-fixtures.ts';

let server: RunningServer;
let always: RunningServer;
beforeAll(async () => {
  // No keys: every lookup answers from the demo. LOOKUP_MASK unset is `default`.
  server = await serveHandler(createAppHandler(loadAppConfig({}), () => {}));
  always = await serveHandler(createAppHandler(loadAppConfig({ LOOKUP_MASK: 'always' }), () => {}));
});
afterAll(async () => {
  await server.close();
  await always.close();
});

function sendExample(port: number, lookup: AnyLookup, operation: AnyOperation, unmasked: boolean): Promise<RawResponse> {
  const request = buildRequest(operation, operation.params.parse(operation.example));
  const body = request.body ? JSON.stringify(request.body) : undefined;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body !== undefined && { 'content-type': 'application/json' }),
    ...(unmasked && { [MASK_REQUEST_HEADER]: MASK_OFF }),
  };
  return rawRequest(port, request.method, proxyUrl(lookup, request), { headers, ...(body !== undefined && { body }) });
}

/** Decimals written in a coordinate as it travels (numbers as JSON writes them, strings as they are). */
function decimals(value: unknown): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** S's bodies carry a fresh requestId per call (its spec says so): blanked before two answers are compared. */
function perCall(text: string): string {
  return text.replace(/("requestId"\s*:\s*)"[^"]*"/g, '$1"<per call>"');
}

/** The values masking must change: not null, not a boolean, not an empty string (they name no one). */
function identifying({ value }: PersonalValue): boolean {
  return value !== null && typeof value !== 'boolean' && value !== '';
}

const jsonCases = allLookups.flatMap((lookup) =>
  lookup.operations
    .filter((operation) => operation.format === 'json')
    .map((operation) => ({ lookup, operation, name: `${lookup.id} ${operation.id}` })),
);
/** How many personal values the walk met, per lookup: the walk must not pass by finding nothing. */
const reached = new Map<string, number>();

describe("masking over every lookup's demo example", () => {
  describe.each(jsonCases)('$name', ({ lookup, operation }) => {
    it('masks every personal value in the proxy, says so, and the masked body still reads', { timeout: 60_000 }, async () => {
      const [masked, unmasked] = await Promise.all([
        sendExample(server.port, lookup, operation, false),
        sendExample(server.port, lookup, operation, true),
      ]);
      expect(masked.status, masked.text.slice(0, 300)).toBe(200);
      expect(unmasked.status).toBe(200);
      const hasPersonal = lookup.personalData.length > 0;
      expect(masked.headers[WIRE_HEADERS.masked]).toBe(hasPersonal ? 'true' : undefined);
      expect(unmasked.headers[WIRE_HEADERS.masked]).toBe(hasPersonal ? 'false' : undefined);
      if (!hasPersonal) return expect(perCall(masked.text)).toBe(perCall(unmasked.text));

      const before: unknown = JSON.parse(unmasked.text);
      const after: unknown = JSON.parse(masked.text);
      const values = personalValues(before, lookup.personalData).filter(identifying);
      reached.set(lookup.id, (reached.get(lookup.id) ?? 0) + values.length);
      for (const { path, kind, value } of values) {
        const where = `${path.join('.')} (${kind})`;
        const now = readPath(after, path.join('.'));
        if (kind === 'coordinate') {
          expect(decimals(now), `${where}: ${String(now)}`).toBeLessThanOrEqual(2);
          expect(typeof now, where).toBe(typeof value);
          if (decimals(value) > 2) expect(now, where).not.toEqual(value);
        } else {
          expect(now, where).not.toEqual(value);
          if (kind === 'number') expect(now, where).toBe(MASKED_VALUE);
        }
        // A name, an address or a contact is nowhere in the masked body, not only not at its path.
        if (['name', 'address', 'contact'].includes(kind) && typeof value === 'string' && value.length >= 6)
          expect(masked.text, where).not.toContain(value);
      }

      // The masked body reads: the interpreter finds the same records and reports no drift.
      const answer = interpretAnswer(
        lookup,
        operation,
        {},
        { body: after, headers: Object.entries(masked.headers).map(([name, header]) => [name, String(header)] as const) },
        { mask: true },
      );
      expect(answer.masked).toBe(true);
      expect(answer.drift).toEqual([]);
      expect(answer.body).toBe(after);
      const plain = interpretAnswer(lookup, operation, {}, { body: before, headers: [[WIRE_HEADERS.masked, 'false']] }, { mask: false });
      expect(answer.records).toHaveLength(plain.records.length);
    });
  });

  it('met personal values in the examples of the lookups that have them', () => {
    // All of them but one: an example may ask for no personal section (a movie without its reviews).
    const withPersonalData = allLookups.filter((lookup) => lookup.personalData.length > 0);
    expect(reached.size).toBeGreaterThanOrEqual(withPersonalData.length - 1);
    expect([...reached.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(500);
  });

  it('has no XML operation on a lookup with personal data (the proxy masks JSON; XML would pass as it came)', () => {
    for (const lookup of allLookups) {
      if (lookup.personalData.length === 0) continue;
      expect(
        lookup.operations.filter((operation) => operation.format !== 'json').map((operation) => `${lookup.id} ${operation.id}`),
      ).toEqual([]);
    }
  });
});

describe('pseudonyms across answers, threads and secrets', () => {
  const H = allLookups.find((lookup) => lookup.id === 'H')!;
  const records = H.operations[0]!;
  const SECRET = 'masking-walk-test-secret-0123456789-abc';
  let keyed: RunningServer;
  let elsewhere: RunningServer;
  beforeAll(async () => {
    keyed = await serveHandler(createAppHandler(loadAppConfig({ LOOKUP_MASK_SECRET: SECRET }), () => {}));
    elsewhere = await serveHandler(createAppHandler(loadAppConfig({ LOOKUP_MASK_SECRET: `${SECRET}-elsewhere` }), () => {}));
  });
  afterAll(async () => {
    await keyed.close();
    await elsewhere.close();
  });

  type Offenders = { sex_offenders: Array<{ sex_offender_name: string }> };
  /** H's answer to `query`, masked (as the browser asks by default) and not, from the server on `port`. */
  async function offenders(port: number, query: Record<string, string>) {
    const request = buildRequest(records, records.params.parse(query));
    const [masked, unmasked] = await Promise.all(
      [false, true].map((off) =>
        rawRequest(port, 'GET', proxyUrl(H, request), { headers: off ? { [MASK_REQUEST_HEADER]: MASK_OFF } : {} }),
      ),
    );
    expect(masked!.headers[WIRE_HEADERS.masked]).toBe('true');
    return {
      masked: masked!,
      names: (JSON.parse(unmasked!.text) as Offenders).sex_offenders.map((record) => record.sex_offender_name),
      unmaskedText: unmasked!.text,
    };
  }
  const pseudonyms = (text: string) => (JSON.parse(text) as Offenders).sex_offenders.map((record) => record.sex_offender_name);

  it('gives a person the same pseudonym in two answers, and different people different ones', { timeout: 60_000 }, async () => {
    const zip = await offenders(keyed.port, { zipcode: '62701' });
    const other = await offenders(keyed.port, { zipcode: '62702' });
    const byName = await offenders(keyed.port, { name: zip.names[0]! });
    expect(byName.names).toContain(zip.names[0]);
    const pairs = [zip, other, byName].flatMap(({ masked, names }) =>
      pseudonyms(masked.text).map((pseudonym, index) => [names[index]!, pseudonym] as const),
    );
    const pseudonymOf = new Map<string, Set<string>>();
    for (const [name, pseudonym] of pairs) pseudonymOf.set(name, (pseudonymOf.get(name) ?? new Set()).add(pseudonym));
    // One pseudonym per person across the three answers, and no two people under one.
    expect([...pseudonymOf.values()].every((set) => set.size === 1)).toBe(true);
    expect(new Set(pairs.map(([, pseudonym]) => pseudonym)).size).toBe(pseudonymOf.size);
    expect(pseudonymOf.size).toBeGreaterThan(zip.names.length);
    for (const [name, pseudonym] of pairs) {
      expect(pseudonym).toMatch(/^Person [0-9a-z]{12}$/);
      expect(pseudonym).not.toContain(name);
    }
  });

  it("is the same whether the demo's worker thread masks the answer or the server's own thread does", { timeout: 60_000 }, async () => {
    const { masked, unmaskedText } = await offenders(keyed.port, { zipcode: '62703' });
    const here = await maskingTransform('default', SECRET)(H, records, Buffer.from(unmaskedText), {
      source: 'live',
      status: 200,
      contentType: 'application/json',
      requestHeaders: {},
    });
    expect((Buffer.isBuffer(here) ? here : here.body).toString()).toBe(masked.text);
  });

  it("differs under another deployment's secret", { timeout: 60_000 }, async () => {
    const [mine, theirs] = await Promise.all([
      offenders(keyed.port, { zipcode: '62701' }),
      offenders(elsewhere.port, { zipcode: '62701' }),
    ]);
    expect(theirs.names).toEqual(mine.names);
    const ours = pseudonyms(mine.masked.text);
    expect(pseudonyms(theirs.masked.text).filter((pseudonym) => ours.includes(pseudonym))).toEqual([]);
  });
});

describe('LOOKUP_MASK=always', () => {
  const personal = jsonCases.filter(({ lookup }) => lookup.personalData.length > 0);

  it.each(personal)('$name: ignores X-Lookup-Mask: off and answers masked', { timeout: 60_000 }, async ({ lookup, operation }) => {
    const [asked, masked] = await Promise.all([
      sendExample(always.port, lookup, operation, true),
      sendExample(server.port, lookup, operation, false),
    ]);
    expect(asked.status).toBe(200);
    expect(asked.headers[WIRE_HEADERS.masked]).toBe('true');
    expect(perCall(asked.text)).toBe(perCall(masked.text));
  });

  it('is published in /lookup-config.json, so the viewer can say masking is forced', async () => {
    const [forced, usual] = await Promise.all([
      rawRequest(always.port, 'GET', LOOKUP_CONFIG_PATH),
      rawRequest(server.port, 'GET', LOOKUP_CONFIG_PATH),
    ]);
    expect(JSON.parse(forced.text)).toMatchObject({ mask: 'always' });
    expect(JSON.parse(usual.text)).not.toHaveProperty('mask');
  });
});
