import { describe, expect, it } from 'vitest';
import { digitalInsights, digitalInsightsResponse } from './j-digital-insights.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { digitalInsightsSample } from './testing/samples/j-digital-insights.sample.ts';
import { buildRequest, requestTarget } from './request.ts';

const each = (names: string, type: SpecField[1], nullable?: 'nullable'): SpecField[] =>
  names.split(' ').map((name) => (nullable ? [name, type, nullable] : [name, type]));

// Transcribed from the spec's table "J. Company web ranking record".
const spec: SpecField[] = [
  ...each('domain domain_name nameservers raw', 'string'),
  ['id', 'integer'],
  ['mx_list', 'array'],
  ['mx_list[]', 'string'],
  ...each(
    'contact_city contact_country contact_email contact_name contact_phone contact_postalcode contact_state contact_street contact_organization',
    'string',
    'nullable',
  ),
  ...each('expiration_date created_at similar_date domain_creation_date ip isp_name isp_country', 'string'),
  ['engagement_bounce_rate', 'string'],
  ['engagement_page_views', 'number'],
  ['engagement_time_on_site', 'string'],
  ['engagement_total_visits', 'integer'],
  ...each('engagement_total_relative_change global_rank_change category_rank_change country_rank_change redirect_url', 'null'),
  ...each('global_rank category_rank country_rank', 'integer'),
  ['icon_url', 'string'],
  ...each('top_country_shares[].id top_country_shares[].similar_country_id top_country_shares[].web_data_id', 'integer'),
  ['top_country_shares[].share_percent', 'number'],
  ['top_country_shares[].share_change', 'null'],
  ['top_country_shares[].name', 'string'],
  ...each('referrals keywords referrals_destination', 'array'),
  ...each('visits[].id visits[].web_data_id visits[].value', 'integer'),
  ['visits[].date_value', 'string'],
  ...each('stat_organic_search stat_direct stat_referral', 'integer'),
  ...each('stat_organic_search_percent stat_direct_percent stat_referral_percent', 'number'),
  ['technologies[].id', 'integer'],
  ...each('technologies[].list[].id technologies[].list[].category', 'integer'),
  ...each('technologies[].list[].name technologies[].list[].image_path technologies[].list[].description', 'string'),
  ['technologies[].name', 'string'],
  ['technologies[].parent_id', 'null'],
  ['technologies[].important', 'boolean'],
  ...each('graph.visits.categories graph.visits.data graph.sources.organic graph.sources.direct graph.sources.referral', 'array'),
  ['total_traffic', 'integer'],
  ['up_visits', 'boolean'],
  ['traffic_rank', 'integer'],
];

const operation = digitalInsights.operations[0];
const withPair = (path: 'visits' | 'organic', pair: unknown[]) =>
  path === 'visits'
    ? {
        ...digitalInsightsSample,
        graph: { ...digitalInsightsSample.graph, visits: { ...digitalInsightsSample.graph.visits, data: [pair] } },
      }
    : {
        ...digitalInsightsSample,
        graph: { ...digitalInsightsSample.graph, sources: { ...digitalInsightsSample.graph.sources, organic: [pair] } },
      };

describe('J digital insights', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(digitalInsightsResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields and any referral shape', () => {
    const parsed = digitalInsightsResponse.parse({ ...digitalInsightsSample, category: 'Retail' });
    expect(parsed).toMatchObject({ category: 'Retail', referrals: [{ domain: 'news.example.org' }] });
  });

  it('holds the graph series as [date, value] pairs: an integer for visits, any number for sources', () => {
    expect(digitalInsightsResponse.safeParse(withPair('organic', ['2026-10-01', 0.5])).success).toBe(true);
    expect(digitalInsightsResponse.safeParse(withPair('visits', ['2026-10-01', 0.5])).error?.issues[0]?.path).toEqual([
      'graph',
      'visits',
      'data',
      0,
      1,
    ]);
    expect(digitalInsightsResponse.safeParse(withPair('visits', ['2026-10-01'])).success).toBe(false);
  });

  it('reports a wrong type at its path, and a value where the spec shows only null', () => {
    expect(
      digitalInsightsResponse.safeParse({ ...digitalInsightsSample, visits: [{ ...digitalInsightsSample.visits[0], value: '1' }] }).error
        ?.issues[0]?.path,
    ).toEqual(['visits', 0, 'value']);
    expect(digitalInsightsResponse.safeParse({ ...digitalInsightsSample, redirect_url: 'https://x.com' }).error?.issues[0]?.path).toEqual([
      'redirect_url',
    ]);
  });

  it('builds the request with the domain as id', () => {
    expect(requestTarget(buildRequest(operation, operation.params.parse({ id: ' northwind-traders.com ' })))).toBe(
      '/v2/digital-insights?id=northwind-traders.com',
    );
  });

  it('refuses anything but a domain name', () => {
    for (const id of ['https://example.com', 'example.com/about', 'example', '-bad-.com'])
      expect(operation.params.safeParse({ id }).error?.issues[0]?.message).toBe(
        'must be a domain name like example.com, without https:// or a path',
      );
    expect(operation.params.safeParse({}).error?.issues[0]).toMatchObject({ path: ['id'], message: 'is required' });
    expect(operation.params.safeParse({ id: 'Shop.Example.co.uk' }).success).toBe(true);
  });

  it('lists the monthly visits as records with readable labels', () => {
    const records = operation.adapters!.records!(digitalInsightsSample)!;
    expect(records).toHaveLength(2);
    expect(operation.adapters!.label!(records[1])).toBe('2026-10-01: 182,340 visits');
    expect(operation.adapters!.records!({ error: {} })).toBeUndefined();
  });

  it('marks the WHOIS contact of a person as personal data, raw included', () => {
    expect(digitalInsights.personalData).toEqual(
      expect.arrayContaining(['name:contact_name', 'contact:contact_email', 'contact:contact_phone', 'address:contact_street', 'text:raw']),
    );
    expect(digitalInsights.personalData.join()).not.toMatch(/:domain\b/);
  });
});
