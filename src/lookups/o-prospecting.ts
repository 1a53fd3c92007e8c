import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import type { PageInfo, Params } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord, readPath, toNumber, unsetParams } from './adapters.ts';
import { textAt } from './error-text.ts';

export const prospectingResponse = z.looseObject({
  total_companies: z.number().int(),
  total_pages: z.number().int(),
  data: z.array(z.looseObject({ id: z.number().int(), name: z.string() })),
});

export const COMPANY_STATUSES = ['active', 'inactive', 'dissolved'] as const;
export const EMPLOYEE_RANGES = ['1-9', '10-49', '50-249', '250-999', '1000+'] as const;
export const TRADING_ACTIVITIES = ['import', 'export', 'import-export', 'domestic'] as const;
export const ACTIVITY_TYPES = ['B2B', 'B2C', 'B2B and B2C'] as const;
export const COMPANY_TYPES = ['headquarters', 'branch', 'standalone'] as const;
export const LEGAL_FORMS = [
  'SRL',
  'SA',
  'GmbH',
  'AG',
  'UG',
  'ApS',
  'A/S',
  'SAS',
  'SARL',
  'Ltd',
  'PLC',
  'LLP',
  'BV',
  'NV',
  'Inc',
  'LLC',
] as const;
export const INDUSTRY_FOCUS = [
  'software',
  'it-services',
  'consulting',
  'e-commerce',
  'restaurants',
  'construction',
  'logistics',
  'pharmaceuticals',
  'machinery',
  'engineering',
  'advertising',
  'accounting',
] as const;

const YEARS = /^(\d{4})(?:-(\d{4}))?$/;

const optionalEnum = <const T extends readonly [string, ...string[]]>(title: string, help: string, options: T) =>
  param.enum({ in: 'query', title, help, options, example: options[0] });

const codeList = (title: string, help: string, item: RegExp, itemMessage: string, example: string) =>
  param.list({ in: 'query', title, help, item, itemMessage, example });

const params = z
  .object({
    company_status: optionalEnum(
      'Company status',
      'Whether the company is trading (active), dormant (inactive) or wound up (dissolved).',
      COMPANY_STATUSES,
    ),
    number_of_employees: param.list({
      in: 'query',
      title: 'Number of employees',
      help: 'One or more head-count bands, comma-separated: 1-9, 10-49, 50-249, 250-999, 1000+.',
      item: /^(1-9|10-49|50-249|250-999|1000\+)$/,
      itemMessage: 'must be bands from 1-9, 10-49, 50-249, 250-999, 1000+',
      suggestions: EMPLOYEE_RANGES,
      example: '10-49,50-249',
    }),
    trading_activity: optionalEnum(
      'Trading activity',
      'Cross-border trade: importers, exporters, both, or domestic only.',
      TRADING_ACTIVITIES,
    ),
    activity_type: optionalEnum('Activity type', 'Who the company sells to: businesses (B2B), consumers (B2C) or both.', ACTIVITY_TYPES),
    company_type: optionalEnum('Company type', 'Head office of a group, a branch of one, or a company with a single site.', COMPANY_TYPES),
    company_incorporation: param.text({
      in: 'query',
      title: 'Incorporation year',
      help: 'Year of incorporation, or a range of years: 2015 or 2010-2020.',
      pattern: YEARS,
      patternMessage: 'must be a year or a range of years, e.g. 2015 or 2010-2020',
      example: '2010-2020',
    }),
    legal_form: param.list({
      in: 'query',
      title: 'Legal form',
      help: 'One or more legal forms as abbreviated in their country, e.g. GmbH, Ltd, SAS, BV.',
      item: /^[A-Za-z][A-Za-z/.]{0,9}$/,
      itemMessage: 'must be abbreviations like GmbH or Ltd',
      suggestions: LEGAL_FORMS,
      example: 'GmbH,Ltd',
    }),
    industry_focus: param.list({
      in: 'query',
      title: 'Industry focus',
      help: 'One or more industries, e.g. software, logistics.',
      item: /^[a-z][a-z-]*$/,
      itemMessage: 'must be lowercase industry names like software',
      suggestions: INDUSTRY_FOCUS,
      example: 'software',
    }),
    website_keywords: param.list({
      in: 'query',
      title: 'Website keywords',
      help: "Words found on the company's website, comma-separated; a company matches when its site has any of them.",
      item: /^[\p{L}\p{N}][\p{L}\p{N} -]{0,39}$/u,
      itemMessage: 'must be words of letters and digits',
      maxItems: 20,
      example: 'cloud,saas',
    }),
    nace: codeList(
      'NACE code',
      'EU activity codes (NACE Rev. 2), e.g. 62 or 62.01; a code matches every code below it.',
      /^\d{2}(\.\d{1,2})?$/,
      'must be NACE codes like 62 or 62.01',
      '62.01',
    ),
    isic: codeList(
      'ISIC code',
      'UN activity codes (ISIC Rev. 4), 2 to 4 digits, e.g. 6201.',
      /^\d{2,4}$/,
      'must be ISIC codes of 2 to 4 digits',
      '6201',
    ),
    sic_code_be: codeList(
      'Belgian activity code',
      'NACE-BEL codes of Belgian companies, up to 5 digits, e.g. 62010.',
      /^\d{2,5}$/,
      'must be NACE-BEL codes of 2 to 5 digits',
      '62010',
    ),
    sic_code_de: codeList(
      'German activity code',
      'WZ 2008 codes of German companies, e.g. 62.01 or 62.01.0.',
      /^\d{2}(\.\d{1,2}(\.\d)?)?$/,
      'must be WZ codes like 62.01 or 62.01.0',
      '62.01.0',
    ),
    sic_code_dk: codeList(
      'Danish activity code',
      'DB07 codes of Danish companies, up to 6 digits, e.g. 620100.',
      /^\d{2,6}$/,
      'must be DB07 codes of 2 to 6 digits',
      '620100',
    ),
    sic_code_fr: codeList(
      'French activity code',
      'NAF rév. 2 codes of French companies, e.g. 62.01Z.',
      /^\d{2}(\.\d{1,2}[A-Z]?)?$/,
      'must be NAF codes like 62 or 62.01Z',
      '62.01Z',
    ),
    sic_code_gb: codeList(
      'UK SIC code',
      'UK SIC 2007 codes of British companies, up to 5 digits, e.g. 62012.',
      /^\d{2,5}$/,
      'must be UK SIC codes of 2 to 5 digits',
      '62012',
    ),
  })
  .superRefine((value, ctx) => {
    const years = value.company_incorporation === undefined ? null : YEARS.exec(value.company_incorporation);
    if (years?.[2] && Number(years[2]) < Number(years[1]))
      ctx.addIssue({ code: 'custom', path: ['company_incorporation'], message: 'must give the earlier year first' });
  });

export const PAGE_SIZE = 25;

/** The filters, in the order the narrowing advice names them (most selective first). */
const NARROWING_FILTERS = [
  'industry_focus',
  'nace',
  'isic',
  'number_of_employees',
  'company_incorporation',
  'legal_form',
  'company_type',
  'trading_activity',
  'activity_type',
  'website_keywords',
  'company_status',
] as const satisfies readonly (keyof z.output<typeof params>)[];

const companies = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'company' : 'companies'}`;

/**
 * The spec has no page parameter, so the bar never counts pages (they cannot be fetched): a cut
 * answer says how many companies matched and names the filters still free to narrow the search.
 */
export function prospectingPaging(body: unknown, params: Params): PageInfo | undefined {
  const total = toNumber(readPath(body, 'total_companies'));
  const shown = arrayAt(body, 'data')?.length;
  if (total === undefined || shown === undefined) return undefined;
  if (total === 0) return { summary: 'No companies' };
  if (total <= shown) return { summary: companies(total) };
  const free = unsetParams(params, NARROWING_FILTERS);
  return {
    summary: `${shown.toLocaleString('en-US')} of ${companies(total)} shown`,
    narrowing: {
      reason: `The spec gives O no page parameter: an answer holds the first ${companies(shown)}, so the other ${(total - shown).toLocaleString('en-US')} cannot be fetched with these filters.`,
      advice:
        free.length > 0
          ? `Add filters until the search matches ${shown.toLocaleString('en-US')} or fewer: ${free.join(', ')} (or a country's sic_code_*).`
          : 'Every filter is set: make them narrower (fewer industries, employee bands or legal forms, a shorter incorporation range, a more specific activity code).',
    },
  };
}

export const prospecting = defineLookup({
  id: 'O',
  title: 'Prospecting',
  keywords: ['company', 'companies', 'business', 'leads', 'sales', 'b2b', 'firmographics', 'industry'],
  catalog: {
    subject: 'Prospecting company search by criteria',
    coverage: 'global',
    version: 'path prefix /v2',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'search',
      label: 'Search companies',
      method: 'GET',
      path: '/v2/prospecting',
      format: 'json',
      example: { company_status: 'active', industry_focus: 'software', number_of_employees: '10-49,50-249' },
      params,
      response: prospectingResponse,
      identity: 'id',
      adapters: {
        // Error bodies are not shown in the spec: {message}, as most JSON APIs of this kind send.
        errorMessage: (body) => textAt(body, 'message'),
        records: (body) => arrayAt(body, 'data'),
        paging: (body, params) => prospectingPaging(body, params),
        label: (record) => (isRecord(record) ? String(record.name ?? record.id ?? '') : ''),
      },
      notes: [
        'Parameter types are not shown: company_status, trading_activity, activity_type and company_type are single choices; number_of_employees, legal_form, industry_focus, website_keywords and the activity codes are comma lists (any item matches); company_incorporation is a year or a range of years.',
        'Activity codes match by prefix (62 matches 62.01); each sic_code_<country> matches only companies of that country.',
        'All filters are optional and combine with AND; without filters every company matches.',
        `The spec has no page parameter: the answer holds the first page (${PAGE_SIZE} companies in the demo) with total_companies and total_pages; the viewer names the filters still unset to narrow a search that matches more.`,
      ],
    }),
  ],
  notes: ['The key parameter name is not shown in the spec; api_key is the default and the server configuration can change it.'],
});
