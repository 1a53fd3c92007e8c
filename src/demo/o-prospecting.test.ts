// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type * as Seeded from './seeded.ts';
import { PAGE_SIZE, prospecting, prospectingResponse } from '../lookups/o-prospecting.ts';
import { prospectingDemo, prospectUniverse, searchProspects, UNIVERSE_SIZE } from './o-prospecting.ts';
import { seededFaker } from './seeded.ts';
import { demoAsker } from './testing/ask-demo.ts';

// The universe is the only thing built with faker (the costly part): counting calls to the real
// seededFaker shows when it is built, without a clock.
vi.mock('./seeded.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Seeded>();
  return { ...actual, seededFaker: vi.fn(actual.seededFaker) };
});

const operation = prospecting.operations[0];
const askDemo = demoAsker(prospectingDemo, prospecting);
const ask = (input: Record<string, string>) => {
  const answer = askDemo(input);
  expect(answer.status).toBe(200);
  return prospectingResponse.parse(answer.body);
};
const found = (input: Record<string, string>) => searchProspects(operation.params.parse(input));

describe('O prospecting demo', () => {
  it('answers the example with companies', () => {
    const body = ask(operation.example);
    expect(operation.adapters?.records?.(body)?.length).toBeGreaterThan(0);
  });

  it('answers no filter with the whole universe, one page of it', () => {
    const body = ask({});
    expect(body.total_companies).toBe(UNIVERSE_SIZE);
    expect(body.total_pages).toBe(Math.ceil(UNIVERSE_SIZE / PAGE_SIZE));
    expect(body.data).toHaveLength(PAGE_SIZE);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(ask({ industry_focus: 'logistics' }))).toBe(JSON.stringify(ask({ industry_focus: 'logistics' })));
  });

  it('applies each single-choice filter', () => {
    const cases: Array<[string, string, (c: ReturnType<typeof found>[number]) => string]> = [
      ['company_status', 'dissolved', (c) => c.status],
      ['trading_activity', 'export', (c) => c.trading],
      ['activity_type', 'B2C', (c) => c.activity],
      ['company_type', 'branch', (c) => c.type],
    ];
    for (const [name, value, pick] of cases) {
      const matches = found({ [name]: value });
      expect(matches.length, name).toBeGreaterThan(0);
      expect(matches.length, name).toBeLessThan(UNIVERSE_SIZE);
      expect(
        matches.every((company) => pick(company) === value),
        name,
      ).toBe(true);
    }
  });

  it('applies list filters as "any item" and combines filters with AND', () => {
    const small = found({ number_of_employees: '1-9' }).length;
    const both = found({ number_of_employees: '1-9,1000+' });
    expect(both.length).toBeGreaterThan(small);
    expect(both.every((c) => c.employees === '1-9' || c.employees === '1000+')).toBe(true);
    expect(found({ legal_form: 'gmbh' }).every((c) => c.legalForm === 'GmbH' && c.country === 'DE')).toBe(true);
    expect(found({ industry_focus: 'software,accounting' }).every((c) => ['software', 'accounting'].includes(c.industry.focus))).toBe(true);
    expect(found({ website_keywords: 'Freight' }).every((c) => c.keywords.includes('freight'))).toBe(true);
    const combined = found({ company_status: 'active', industry_focus: 'software', legal_form: 'Ltd' });
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.every((c) => c.status === 'active' && c.industry.focus === 'software' && c.legalForm === 'Ltd')).toBe(true);
  });

  it('bounds the incorporation year, one year or a range', () => {
    expect(found({ company_incorporation: '2001' }).every((c) => c.incorporated === 2001)).toBe(true);
    const range = found({ company_incorporation: '1990-1999' });
    expect(range.length).toBeGreaterThan(0);
    expect(range.every((c) => c.incorporated >= 1990 && c.incorporated <= 1999)).toBe(true);
  });

  it('matches activity codes by prefix, and national codes only in their country', () => {
    expect(found({ nace: '62' }).every((c) => c.industry.nace.startsWith('62'))).toBe(true);
    expect(found({ nace: '62' }).length).toBeGreaterThan(found({ nace: '62.01' }).length);
    expect(found({ isic: '6201' }).every((c) => c.industry.focus === 'software')).toBe(true);
    for (const [name, country] of [
      ['sic_code_be', 'BE'],
      ['sic_code_de', 'DE'],
      ['sic_code_dk', 'DK'],
      ['sic_code_fr', 'FR'],
      ['sic_code_gb', 'GB'],
    ] as const) {
      const code = { BE: '62010', DE: '62.01.0', DK: '620100', FR: '62.01Z', GB: '62012' }[country];
      const matches = found({ [name]: code });
      expect(matches.length, name).toBeGreaterThan(0);
      expect(
        matches.every((c) => c.country === country && c.industry.focus === 'software'),
        name,
      ).toBe(true);
    }
  });

  it('computes totals from the matches, including none', () => {
    const body = ask({ industry_focus: 'pharmaceuticals', company_status: 'inactive' });
    const count = found({ industry_focus: 'pharmaceuticals', company_status: 'inactive' }).length;
    expect(body.total_companies).toBe(count);
    expect(body.total_pages).toBe(Math.ceil(count / PAGE_SIZE));
    expect(ask({ company_incorporation: '1800' })).toEqual({ total_companies: 0, total_pages: 0, data: [] });
  });

  it('builds its universe of a few thousand companies once, and searches it without rebuilding', () => {
    const universe = prospectUniverse();
    expect(universe).toHaveLength(UNIVERSE_SIZE);
    vi.mocked(seededFaker).mockClear();
    for (let i = 0; i < 50; i++) ask({ website_keywords: 'cloud,delivery', nace: '49' });
    expect(prospectUniverse()).toBe(universe);
    expect(vi.mocked(seededFaker)).not.toHaveBeenCalled();
  });
});
