import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord } from './adapters.ts';
import { textAt } from './error-text.ts';

const int = z.number().int();
const str = z.string();
const contact = str.nullable();
/** Fields that the spec gives as null in every shape shown. */
const nullOnly = z.null();

export const digitalInsightsResponse = z.looseObject({
  domain: str,
  domain_name: str,
  id: int,
  nameservers: str,
  mx_list: z.array(str),
  contact_city: contact,
  contact_country: contact,
  contact_email: contact,
  contact_name: contact,
  contact_phone: contact,
  contact_postalcode: contact,
  contact_state: contact,
  contact_street: contact,
  contact_organization: contact,
  raw: str,
  expiration_date: str,
  created_at: str,
  similar_date: str,
  domain_creation_date: str,
  ip: str,
  isp_name: str,
  isp_country: str,
  engagement_bounce_rate: str,
  engagement_page_views: z.number(),
  engagement_time_on_site: str,
  engagement_total_visits: int,
  engagement_total_relative_change: nullOnly,
  global_rank_change: nullOnly,
  category_rank_change: nullOnly,
  country_rank_change: nullOnly,
  redirect_url: nullOnly,
  global_rank: int,
  category_rank: int,
  country_rank: int,
  icon_url: str,
  top_country_shares: z.array(
    z.looseObject({ id: int, similar_country_id: int, share_percent: z.number(), share_change: nullOnly, name: str, web_data_id: int }),
  ),
  // Element shapes not shown in the spec: any value is kept.
  referrals: z.array(z.unknown()),
  keywords: z.array(z.unknown()),
  referrals_destination: z.array(z.unknown()),
  visits: z.array(z.looseObject({ id: int, web_data_id: int, date_value: str, value: int })),
  stat_organic_search: int,
  stat_direct: int,
  stat_referral: int,
  stat_organic_search_percent: z.number(),
  stat_direct_percent: z.number(),
  stat_referral_percent: z.number(),
  technologies: z.array(
    z.looseObject({
      id: int,
      list: z.array(z.looseObject({ id: int, name: str, image_path: str, description: str, category: int })),
      name: str,
      parent_id: nullOnly,
      important: z.boolean(),
    }),
  ),
  graph: z.looseObject({
    visits: z.looseObject({ categories: z.array(z.unknown()), data: z.array(z.tuple([str, int])) }),
    sources: z.looseObject({
      organic: z.array(z.tuple([str, z.number()])),
      direct: z.array(z.tuple([str, z.number()])),
      referral: z.array(z.tuple([str, z.number()])),
    }),
  }),
  total_traffic: int,
  up_visits: z.boolean(),
  traffic_rank: int,
});

/** A host name like example.com or shop.example.co.uk (no scheme, no path). */
export const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const digitalInsights = defineLookup({
  id: 'J',
  title: 'Digital insights',
  keywords: [
    'company',
    'companies',
    'business',
    'website',
    'web traffic',
    'visits',
    'visitors',
    'rank',
    'domain',
    'seo',
    'analytics',
    'bounce rate',
  ],
  catalog: {
    subject: 'Website traffic and ranking data of companies',
    coverage: 'global',
    version: 'path prefix /v2',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  // The registrant contact (a person for many small sites) and the WHOIS text that repeats it;
  // the organisation, state and country stay (a business or an area, not a person).
  personalData: [
    'name:contact_name',
    'contact:contact_email',
    'contact:contact_phone',
    'address:contact_street',
    'address:contact_postalcode',
    'address:contact_city',
    'text:raw',
  ],
  operations: [
    defineOperation({
      id: 'insights',
      label: 'Website insights',
      method: 'GET',
      path: '/v2/digital-insights',
      format: 'json',
      example: { id: 'northwind-traders.com' },
      params: z.object({
        id: param.text({
          in: 'query',
          title: 'Company domain',
          help: 'The website of the company as a domain name, e.g. example.com (no https://, no path).',
          required: true,
          maxLength: 253,
          pattern: DOMAIN,
          patternMessage: 'must be a domain name like example.com, without https:// or a path',
          example: 'northwind-traders.com',
        }),
      }),
      response: digitalInsightsResponse,
      identity: 'date_value',
      adapters: {
        // Errors: {error:{code, message}}.
        errorMessage: (body) => textAt(body, 'error.message'),
        // The table lists the monthly visits: the one long series of the record.
        records: (body) => arrayAt(body, 'visits'),
        label: (record) =>
          isRecord(record) ? `${String(record.date_value ?? '')}: ${Number(record.value ?? 0).toLocaleString('en-US')} visits` : '',
      },
      notes: [
        "The spec does not say what id is: the explorer sends the company's domain (e.g. example.com), the identifier users of traffic data know; the numeric id comes back in the answer.",
        'The table shows the monthly visits; the whole record is in the tree.',
        'An unknown domain is answered with HTTP 404 and a JSON error. The demo knows a domain under a common top-level domain (.com, .org, .net, .io, .nl, .de, .co.uk …) whose name before the first dot has at most two hyphen-separated words (contoso.nl, northwind-traders.com); a name of three or more (unknown-domain-xyz.com) or another top-level domain (shop.test) answers 404.',
      ],
    }),
  ],
  notes: [
    'The key parameter name is not shown in the spec; api_key is the default and the server configuration can change it.',
    'Personal data: the WHOIS contact name, e-mail, phone and street address (contact_organization and country stay), and raw, the WHOIS text that repeats them.',
  ],
});
