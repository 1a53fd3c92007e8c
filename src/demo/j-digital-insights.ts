// J: a website's traffic and ranking record, by domain. The demo tracks a domain, as a traffic
// provider tracks only sites with measurable traffic, when it is under a common top-level domain and
// its name (the part before the first dot) has at most MAX_NAME_WORDS hyphen-separated words:
// contoso.nl and northwind-traders.com have a record (the same one each time); unknown-domain-xyz.com
// and example.invalid do not and are answered with HTTP 404 and a JSON error. The lookup's notes
// state the same rule.
import type { z } from 'zod';
import type { Faker } from '@faker-js/faker';
import type { digitalInsightsResponse } from '../lookups/j-digital-insights.ts';
import { digitalInsights } from '../lookups/j-digital-insights.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { seedFrom, seededFaker } from './seeded.ts';

type Insights = z.infer<typeof digitalInsightsResponse>;

const KNOWN_TLDS = new Set([
  'com',
  'net',
  'org',
  'io',
  'co',
  'ai',
  'app',
  'dev',
  'de',
  'nl',
  'uk',
  'fr',
  'be',
  'dk',
  'es',
  'it',
  'ch',
  'at',
  'se',
  'no',
  'eu',
  'us',
  'ca',
  'au',
  'jp',
]);
// The twelve months the demo's traffic covers (fixed, so answers never depend on today's date).
const MONTHS = Array.from({ length: 12 }, (_, i) => `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}-01`);
const COUNTRIES = [
  { id: 840, name: 'United States' },
  { id: 826, name: 'United Kingdom' },
  { id: 276, name: 'Germany' },
  { id: 528, name: 'Netherlands' },
  { id: 250, name: 'France' },
  { id: 356, name: 'India' },
  { id: 124, name: 'Canada' },
  { id: 36, name: 'Australia' },
] as const;
const ISPS = [
  { name: 'Cloudflare, Inc.', country: 'US', ns: 'cloudflare.com' },
  { name: 'Amazon.com, Inc.', country: 'US', ns: 'awsdns-12.org' },
  { name: 'Google LLC', country: 'US', ns: 'googledomains.com' },
  { name: 'Hetzner Online GmbH', country: 'DE', ns: 'hetzner.com' },
  { name: 'OVH SAS', country: 'FR', ns: 'ovh.net' },
] as const;
const TECHNOLOGIES = [
  { id: 1, name: 'Analytics', items: ['Google Analytics', 'Matomo', 'Hotjar'] },
  { id: 2, name: 'Content management', items: ['WordPress', 'Contentful', 'Drupal'] },
  { id: 3, name: 'JavaScript frameworks', items: ['React', 'Vue.js', 'Next.js'] },
  { id: 4, name: 'Payment processors', items: ['Stripe', 'Adyen', 'PayPal'] },
  { id: 5, name: 'Web servers', items: ['Nginx', 'Apache HTTP Server', 'Caddy'] },
] as const;

/** The most words (hyphen-separated, before the first dot) in the name of a domain the demo tracks. */
export const MAX_NAME_WORDS = 2;

export function isKnownDomain(domain: string): boolean {
  const name = domain.slice(0, domain.indexOf('.'));
  return KNOWN_TLDS.has(domain.slice(domain.lastIndexOf('.') + 1)) && name.length > 0 && name.split('-').length <= MAX_NAME_WORDS;
}

const dateTime = (faker: Faker, from: string, to: string) => faker.date.between({ from, to }).toISOString().slice(0, 19);
const round = (value: number, digits: number) => Number(value.toFixed(digits));

function contacts(faker: Faker) {
  // About a third of registrations hide their contact behind a privacy service: all null.
  if (faker.datatype.boolean(0.35))
    return {
      contact_city: null,
      contact_country: null,
      contact_email: null,
      contact_name: null,
      contact_phone: null,
      contact_postalcode: null,
      contact_state: null,
      contact_street: null,
      contact_organization: null,
    };
  return {
    contact_city: faker.location.city(),
    contact_country: 'US',
    contact_email: faker.internet.email().toLowerCase(),
    contact_name: faker.person.fullName(),
    contact_phone: faker.phone.number({ style: 'international' }),
    contact_postalcode: faker.location.zipCode('#####'),
    contact_state: faker.location.state({ abbreviated: true }),
    contact_street: faker.location.streetAddress(),
    contact_organization: faker.company.name(),
  };
}

function technologies(faker: Faker, webDataId: number): Insights['technologies'] {
  return faker.helpers.arrayElements(TECHNOLOGIES, { min: 2, max: 4 }).map((group) => ({
    id: webDataId * 10 + group.id,
    list: faker.helpers.arrayElements(group.items, { min: 1, max: 2 }).map((name) => ({
      id: seedFrom('technology', name) % 100000,
      name,
      image_path: `/images/technologies/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
      description: `${name} (${group.name.toLowerCase()})`,
      category: group.id,
    })),
    name: group.name,
    parent_id: null,
    important: group.id <= 2,
  }));
}

export function insightsFor(domain: string): Insights {
  const faker = seededFaker('digital-insights', domain);
  const id = (seedFrom('web-data-id', domain) % 9_000_000) + 1_000_000;
  const isp = faker.helpers.arrayElement(ISPS);
  const base = faker.number.int({ min: 20_000, max: 4_000_000 });
  const values = MONTHS.map(() => Math.round(base * faker.number.float({ min: 0.75, max: 1.3 })));
  const total = values.reduce((sum, value) => sum + value, 0);
  const shares = [faker.number.float({ min: 0.45, max: 0.7 }), faker.number.float({ min: 0.15, max: 0.3 })];
  const [organic, direct] = shares as [number, number];
  const referral = 1 - organic - direct;
  const countries = faker.helpers.arrayElements(COUNTRIES, 4);
  let left = 100;
  const who = contacts(faker);
  const created = dateTime(faker, '1996-01-01T00:00:00Z', '2022-12-31T00:00:00Z');
  const seconds = faker.number.int({ min: 35, max: 640 });
  const globalRank = Math.max(1, Math.round(9e9 / base) + faker.number.int({ min: 0, max: 500 }));
  return {
    domain,
    domain_name: domain,
    id,
    nameservers: `ns1.${isp.ns},ns2.${isp.ns}`,
    mx_list: faker.datatype.boolean(0.6) ? ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'] : [`mx1.${domain}`, `mx2.${domain}`],
    ...who,
    raw: [
      `Domain Name: ${domain.toUpperCase()}`,
      `Creation Date: ${created}Z`,
      `Registrant Name: ${who.contact_name ?? 'REDACTED FOR PRIVACY'}`,
      `Registrant Organization: ${who.contact_organization ?? 'REDACTED FOR PRIVACY'}`,
      `Registrant Street: ${who.contact_street ?? 'REDACTED FOR PRIVACY'}`,
      `Registrant Email: ${who.contact_email ?? 'REDACTED FOR PRIVACY'}`,
      `Name Server: NS1.${isp.ns.toUpperCase()}`,
    ].join('\n'),
    expiration_date: dateTime(faker, '2027-01-01T00:00:00Z', '2030-12-31T00:00:00Z'),
    created_at: dateTime(faker, '2024-01-01T00:00:00Z', '2024-12-31T00:00:00Z'),
    similar_date: '2026-10-01T00:00:00',
    domain_creation_date: created.slice(0, 10),
    ip: faker.internet.ipv4(),
    isp_name: isp.name,
    isp_country: isp.country,
    engagement_bounce_rate: faker.number.float({ min: 0.25, max: 0.75 }).toFixed(4),
    engagement_page_views: round(faker.number.float({ min: 1.2, max: 9 }), 2),
    engagement_time_on_site: `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
    engagement_total_visits: values.at(-1)!,
    engagement_total_relative_change: null,
    global_rank_change: null,
    category_rank_change: null,
    country_rank_change: null,
    redirect_url: null,
    global_rank: globalRank,
    category_rank: Math.max(1, Math.round(globalRank / 40)),
    country_rank: Math.max(1, Math.round(globalRank / 6)),
    icon_url: `https://${domain}/favicon.ico`,
    top_country_shares: countries.map((country, index) => {
      const share = index === countries.length - 1 ? left / 2 : round(left * faker.number.float({ min: 0.35, max: 0.6 }), 2);
      left -= share;
      return {
        id: id * 10 + index,
        similar_country_id: country.id,
        share_percent: round(share, 2),
        share_change: null,
        name: country.name,
        web_data_id: id,
      };
    }),
    referrals: [],
    keywords: [],
    referrals_destination: [],
    visits: MONTHS.map((date_value, index) => ({ id: id * 100 + index, web_data_id: id, date_value, value: values[index]! })),
    stat_organic_search: Math.round(total * organic),
    stat_direct: Math.round(total * direct),
    stat_referral: Math.round(total * referral),
    stat_organic_search_percent: round(organic * 100, 2),
    stat_direct_percent: round(direct * 100, 2),
    stat_referral_percent: round(referral * 100, 2),
    technologies: technologies(faker, id),
    graph: {
      visits: { categories: MONTHS, data: MONTHS.map((month, index) => [month, values[index]!] as [string, number]) },
      sources: {
        organic: MONTHS.map((month, index) => [month, round(values[index]! * organic, 1)] as [string, number]),
        direct: MONTHS.map((month, index) => [month, round(values[index]! * direct, 1)] as [string, number]),
        referral: MONTHS.map((month, index) => [month, round(values[index]! * referral, 1)] as [string, number]),
      },
    },
    total_traffic: total,
    up_visits: values.at(-1)! >= values.at(-2)!,
    traffic_rank: globalRank,
  };
}

export const digitalInsightsDemo = defineDemo(digitalInsights, ({ params }) => {
  const domain = params.id.trim().toLowerCase();
  if (!isKnownDomain(domain)) return providerError(404, { error: { code: 404, message: `No web data for the domain ${domain}` } });
  return json(insightsFor(domain));
});
