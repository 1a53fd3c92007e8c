// O: a deterministic universe of companies in seven countries, filtered honestly by every
// parameter (AND across filters, any item within a list) and answered with the first page.
import type { z } from 'zod';
import type { prospectingResponse } from '../lookups/o-prospecting.ts';
import type { COMPANY_STATUSES, COMPANY_TYPES, EMPLOYEE_RANGES } from '../lookups/o-prospecting.ts';
import { ACTIVITY_TYPES, PAGE_SIZE, TRADING_ACTIVITIES } from '../lookups/o-prospecting.ts';
import { prospecting } from '../lookups/o-prospecting.ts';
import type { OperationOf, ParamsOf } from '../lookups/define-lookup.ts';
import { json, defineDemo } from './demo-types.ts';
import { seededFaker } from './seeded.ts';

type Body = z.infer<typeof prospectingResponse>;
type Country = 'BE' | 'DE' | 'DK' | 'FR' | 'GB' | 'NL' | 'US';

export const UNIVERSE_SIZE = 3000;

// Activity codes per industry in each classification (real codes of each scheme).
const INDUSTRIES = [
  {
    focus: 'software',
    nace: '62.01',
    isic: '6201',
    be: '62010',
    de: '62.01.0',
    dk: '620100',
    fr: '62.01Z',
    gb: '62012',
    words: ['software', 'cloud', 'saas', 'platform', 'api'],
  },
  {
    focus: 'it-services',
    nace: '62.02',
    isic: '6202',
    be: '62020',
    de: '62.02.0',
    dk: '620200',
    fr: '62.02A',
    gb: '62020',
    words: ['it', 'consulting', 'cloud', 'security'],
  },
  {
    focus: 'consulting',
    nace: '70.22',
    isic: '7020',
    be: '70220',
    de: '70.22.0',
    dk: '702200',
    fr: '70.22Z',
    gb: '70229',
    words: ['consulting', 'strategy', 'advisory'],
  },
  {
    focus: 'e-commerce',
    nace: '47.91',
    isic: '4791',
    be: '47910',
    de: '47.91.1',
    dk: '479100',
    fr: '47.91A',
    gb: '47910',
    words: ['shop', 'online', 'delivery', 'fashion'],
  },
  {
    focus: 'restaurants',
    nace: '56.10',
    isic: '5610',
    be: '56101',
    de: '56.10.1',
    dk: '561010',
    fr: '56.10A',
    gb: '56101',
    words: ['restaurant', 'food', 'menu', 'delivery'],
  },
  {
    focus: 'construction',
    nace: '41.20',
    isic: '4100',
    be: '41201',
    de: '41.20.1',
    dk: '412000',
    fr: '41.20A',
    gb: '41201',
    words: ['construction', 'building', 'renovation'],
  },
  {
    focus: 'logistics',
    nace: '49.41',
    isic: '4923',
    be: '49410',
    de: '49.41.0',
    dk: '494100',
    fr: '49.41A',
    gb: '49410',
    words: ['logistics', 'transport', 'freight', 'delivery'],
  },
  {
    focus: 'pharmaceuticals',
    nace: '21.20',
    isic: '2100',
    be: '21200',
    de: '21.20.0',
    dk: '212000',
    fr: '21.20Z',
    gb: '21200',
    words: ['pharma', 'health', 'research'],
  },
  {
    focus: 'machinery',
    nace: '28.29',
    isic: '2819',
    be: '28290',
    de: '28.29.0',
    dk: '282900',
    fr: '28.29B',
    gb: '28290',
    words: ['machinery', 'industrial', 'engineering'],
  },
  {
    focus: 'engineering',
    nace: '71.12',
    isic: '7110',
    be: '71121',
    de: '71.12.2',
    dk: '711200',
    fr: '71.12B',
    gb: '71129',
    words: ['engineering', 'design', 'architecture'],
  },
  {
    focus: 'advertising',
    nace: '73.11',
    isic: '7310',
    be: '73110',
    de: '73.11.0',
    dk: '731100',
    fr: '73.11Z',
    gb: '73110',
    words: ['marketing', 'advertising', 'digital', 'design'],
  },
  {
    focus: 'accounting',
    nace: '69.20',
    isic: '6920',
    be: '69201',
    de: '69.20.1',
    dk: '692000',
    fr: '69.20Z',
    gb: '69201',
    words: ['accounting', 'tax', 'advisory'],
  },
] as const;

const FORMS: Record<Country, readonly string[]> = {
  BE: ['SRL', 'SA'],
  DE: ['GmbH', 'GmbH', 'AG', 'UG'],
  DK: ['ApS', 'A/S'],
  FR: ['SAS', 'SARL', 'SA'],
  GB: ['Ltd', 'Ltd', 'PLC', 'LLP'],
  NL: ['BV', 'NV'],
  US: ['Inc', 'LLC'],
};
const EMPLOYEE_BANDS = [
  { range: '1-9', min: 1, max: 9, weight: 40 },
  { range: '10-49', min: 10, max: 49, weight: 30 },
  { range: '50-249', min: 50, max: 249, weight: 18 },
  { range: '250-999', min: 250, max: 999, weight: 8 },
  { range: '1000+', min: 1000, max: 60000, weight: 4 },
] as const satisfies ReadonlyArray<{ range: (typeof EMPLOYEE_RANGES)[number] } & Record<string, unknown>>;

type Industry = (typeof INDUSTRIES)[number];

export interface ProspectCompany {
  id: number;
  name: string;
  country: Country;
  status: (typeof COMPANY_STATUSES)[number];
  employees: (typeof EMPLOYEE_RANGES)[number];
  trading: (typeof TRADING_ACTIVITIES)[number];
  activity: (typeof ACTIVITY_TYPES)[number];
  type: (typeof COMPANY_TYPES)[number];
  incorporated: number;
  legalForm: string;
  industry: Industry;
  keywords: readonly string[];
}

function buildUniverse(): ProspectCompany[] {
  const faker = seededFaker('prospecting-universe');
  return Array.from({ length: UNIVERSE_SIZE }, (_, index) => {
    const country = faker.helpers.arrayElement(Object.keys(FORMS) as Country[]);
    const industry = faker.helpers.arrayElement(INDUSTRIES);
    const legalForm = faker.helpers.arrayElement(FORMS[country]);
    const band = faker.helpers.weightedArrayElement(EMPLOYEE_BANDS.map((entry) => ({ weight: entry.weight, value: entry.range })));
    return {
      id: 100001 + index,
      name: `${faker.company.name().replace(/,? (Inc|LLC|Group|and Sons)$/, '')} ${legalForm}`,
      country,
      status: faker.helpers.weightedArrayElement([
        { weight: 16, value: 'active' },
        { weight: 2, value: 'inactive' },
        { weight: 2, value: 'dissolved' },
      ] as const),
      employees: band,
      trading: faker.helpers.arrayElement(TRADING_ACTIVITIES),
      activity: faker.helpers.arrayElement(ACTIVITY_TYPES),
      type: faker.helpers.weightedArrayElement([
        { weight: 1, value: 'headquarters' },
        { weight: 1, value: 'branch' },
        { weight: 3, value: 'standalone' },
      ] as const),
      incorporated: faker.number.int({ min: 1950, max: 2025 }),
      legalForm,
      industry,
      keywords: [...faker.helpers.arrayElements(industry.words, { min: 1, max: industry.words.length }), faker.word.noun()],
    };
  });
}

let universe: ProspectCompany[] | undefined;
/** Built once on first use: the same companies for every request. */
export function prospectUniverse(): readonly ProspectCompany[] {
  return (universe ??= buildUniverse());
}

type ProspectParams = ParamsOf<OperationOf<typeof prospecting>>;

const list = (value: ProspectParams[keyof ProspectParams]): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);
const code = (value: string) => value.replace(/\./g, '').toUpperCase();
/** Activity codes match by prefix once dots are ignored: 62 matches 62.01 and 6201. */
const codeMatches = (wanted: string[], actual: string) => wanted.some((prefix) => code(actual).startsWith(code(prefix)));

type Test = (company: ProspectCompany) => boolean;

function filtersOf(params: ProspectParams): Test[] {
  const tests: Test[] = [];
  const equals = (name: keyof ProspectParams, pick: (company: ProspectCompany) => string) => {
    const value = params[name];
    if (typeof value === 'string') tests.push((company) => pick(company) === value);
  };
  const anyOf = (
    name: keyof ProspectParams,
    pick: (company: ProspectCompany) => readonly string[],
    same: (a: string, b: string) => boolean,
  ) => {
    const wanted = list(params[name]);
    if (wanted) tests.push((company) => pick(company).some((actual) => wanted.some((item) => same(item, actual))));
  };
  const caseless = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  equals('company_status', (company) => company.status);
  equals('trading_activity', (company) => company.trading);
  equals('activity_type', (company) => company.activity);
  equals('company_type', (company) => company.type);
  anyOf(
    'number_of_employees',
    (company) => [company.employees],
    (a, b) => a === b,
  );
  anyOf('legal_form', (company) => [company.legalForm], caseless);
  anyOf('industry_focus', (company) => [company.industry.focus], caseless);
  anyOf('website_keywords', (company) => company.keywords, caseless);
  if (params.company_incorporation !== undefined) {
    const [from, to = from] = params.company_incorporation.split('-').map(Number) as [number, number?];
    tests.push((company) => company.incorporated >= from && company.incorporated <= to);
  }
  for (const scheme of ['nace', 'isic'] as const) {
    const wanted = list(params[scheme]);
    if (wanted) tests.push((company) => codeMatches(wanted, company.industry[scheme]));
  }
  for (const country of ['BE', 'DE', 'DK', 'FR', 'GB'] as const) {
    const key = country.toLowerCase() as 'be' | 'de' | 'dk' | 'fr' | 'gb';
    const wanted = list(params[`sic_code_${key}`]);
    if (wanted) tests.push((company) => company.country === country && codeMatches(wanted, company.industry[key]));
  }
  return tests;
}

export function searchProspects(params: ProspectParams): ProspectCompany[] {
  const tests = filtersOf(params);
  return prospectUniverse().filter((company) => tests.every((test) => test(company)));
}

export const prospectingDemo = defineDemo(prospecting, ({ params }) => {
  const matches = searchProspects(params);
  const body: Body = {
    total_companies: matches.length,
    total_pages: Math.ceil(matches.length / PAGE_SIZE),
    data: matches.slice(0, PAGE_SIZE).map((company) => ({ id: company.id, name: company.name })),
  };
  return json(body);
});
