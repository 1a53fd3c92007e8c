// A body holding every field of the spec's table "J. Company web ranking record".
import { digitalInsights } from '../../j-digital-insights.ts';
import { defineSamples } from '../define-samples.ts';
export const digitalInsightsSample = {
  domain: 'northwind-traders.com',
  domain_name: 'northwind-traders.com',
  id: 4821937,
  nameservers: 'ns1.cloudflare.com,ns2.cloudflare.com',
  mx_list: ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'],
  contact_city: 'Seattle',
  contact_country: 'US',
  contact_email: 'hostmaster@northwind-traders.com',
  contact_name: 'Nancy Davolio',
  contact_phone: '+1.2065550100',
  contact_postalcode: '98122',
  contact_state: 'WA',
  contact_street: '507 20th Ave E',
  contact_organization: null,
  raw: 'Domain Name: NORTHWIND-TRADERS.COM\nRegistrant Name: Nancy Davolio',
  expiration_date: '2028-03-14T09:12:44',
  created_at: '2024-06-02T11:40:00',
  similar_date: '2026-10-01T00:00:00',
  domain_creation_date: '1999-03-14',
  ip: '104.21.48.7',
  isp_name: 'Cloudflare, Inc.',
  isp_country: 'US',
  engagement_bounce_rate: '0.4521',
  engagement_page_views: 3.12,
  engagement_time_on_site: '00:03:12',
  engagement_total_visits: 182340,
  engagement_total_relative_change: null,
  global_rank_change: null,
  category_rank_change: null,
  country_rank_change: null,
  redirect_url: null,
  global_rank: 48211,
  category_rank: 1205,
  country_rank: 8035,
  icon_url: 'https://northwind-traders.com/favicon.ico',
  top_country_shares: [
    { id: 48219370, similar_country_id: 840, share_percent: 61.4, share_change: null, name: 'United States', web_data_id: 4821937 },
  ],
  referrals: [{ domain: 'news.example.org', share: 0.12 }],
  keywords: ['northwind'],
  referrals_destination: [],
  visits: [
    { id: 482193700, web_data_id: 4821937, date_value: '2026-09-01', value: 171002 },
    { id: 482193701, web_data_id: 4821937, date_value: '2026-10-01', value: 182340 },
  ],
  stat_organic_search: 201000,
  stat_direct: 110000,
  stat_referral: 42342,
  stat_organic_search_percent: 56.8,
  stat_direct_percent: 31.1,
  stat_referral_percent: 12.1,
  technologies: [
    {
      id: 48219371,
      list: [
        {
          id: 5150,
          name: 'Google Analytics',
          image_path: '/images/technologies/google-analytics.svg',
          description: 'Google Analytics (analytics)',
          category: 1,
        },
      ],
      name: 'Analytics',
      parent_id: null,
      important: true,
    },
  ],
  graph: {
    visits: {
      categories: ['2026-09-01', '2026-10-01'],
      data: [
        ['2026-09-01', 171002],
        ['2026-10-01', 182340],
      ],
    },
    sources: {
      organic: [
        ['2026-09-01', 97129.1],
        ['2026-10-01', 103569.1],
      ],
      direct: [
        ['2026-09-01', 53181.6],
        ['2026-10-01', 56707.7],
      ],
      referral: [
        ['2026-09-01', 20691.2],
        ['2026-10-01', 22063.1],
      ],
    },
  },
  total_traffic: 353342,
  up_visits: true,
  traffic_rank: 48211,
};

export const samples = defineSamples(digitalInsights, { insights: [digitalInsightsSample] });
