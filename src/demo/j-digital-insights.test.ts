// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { digitalInsights, digitalInsightsResponse } from '../lookups/j-digital-insights.ts';
import { digitalInsightsDemo } from './j-digital-insights.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = digitalInsights.operations[0];
const ask = demoAsker(digitalInsightsDemo, digitalInsights).parsed;

describe('J digital insights demo', () => {
  it('answers the example with a record whose visits fill the table', () => {
    const answer = ask(operation.params.parse(operation.example));
    expect(answer.status).toBe(200);
    expect(digitalInsightsResponse.safeParse(answer.body).success).toBe(true);
    expect(operation.adapters?.records?.(answer.body)).toHaveLength(12);
  });

  it('gives every domain its own record, the same bytes every time, whatever the case', () => {
    const first = JSON.stringify(ask({ id: 'contoso.nl' }).body);
    expect(JSON.stringify(ask({ id: 'contoso.nl' }).body)).toBe(first);
    expect(JSON.stringify(ask({ id: 'Contoso.NL' }).body)).toBe(first);
    expect(JSON.stringify(ask({ id: 'fabrikam.com' }).body)).not.toBe(first);
  });

  it('keeps the numbers of a record consistent', () => {
    for (const id of ['alpha.com', 'beta.io', 'gamma.de', 'delta.co.uk', 'epsilon.org', 'zeta.fr']) {
      const body = digitalInsightsResponse.parse(ask({ id }).body);
      expect(body.domain).toBe(id);
      expect(body.total_traffic).toBe(body.visits.reduce((sum, visit) => sum + visit.value, 0));
      expect(body.graph.visits.data).toEqual(body.visits.map((visit) => [visit.date_value, visit.value]));
      expect(body.stat_organic_search_percent + body.stat_direct_percent + body.stat_referral_percent).toBeCloseTo(100, 0);
      expect(body.top_country_shares.reduce((sum, share) => sum + share.share_percent, 0)).toBeLessThanOrEqual(100);
      expect(body.engagement_time_on_site).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(Number(body.engagement_bounce_rate)).toBeGreaterThan(0);
      expect(body.expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(body.up_visits).toBe(body.visits[11]!.value >= body.visits[10]!.value);
    }
  });

  it('hides the contact of some registrations behind privacy (all contact fields null)', () => {
    const bodies = Array.from({ length: 30 }, (_, i) => digitalInsightsResponse.parse(ask({ id: `site${i}.com` }).body));
    expect(bodies.some((body) => body.contact_name === null && body.contact_email === null)).toBe(true);
    expect(bodies.some((body) => body.contact_name !== null && body.raw.includes(body.contact_name))).toBe(true);
  });

  it('answers an unknown domain with HTTP 404 and a JSON error', () => {
    const answer = ask({ id: 'nothing.invalid' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 404, message: 'No web data for the domain nothing.invalid' } });
  });

  it('knows the domains the notes say it knows, and no others', () => {
    // Common TLD and a name of at most two words: known; three or more words, or another TLD: 404.
    for (const id of ['contoso.nl', 'northwind-traders.com', 'delta.co.uk', 'a.io']) expect(ask({ id }).status, id).toBe(200);
    for (const id of ['unknown-domain-xyz.com', 'my-little-shop.nl', 'shop.test', 'example.invalid'])
      expect(ask({ id }).status, id).toBe(404);
    const notes = (operation.notes ?? []).join(' ');
    for (const quoted of ['northwind-traders.com', 'unknown-domain-xyz.com', 'shop.test']) expect(notes).toContain(quoted);
  });
});
