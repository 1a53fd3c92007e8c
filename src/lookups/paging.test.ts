// The paging adapters of every lookup that pages or cuts its answer: where a parameter pages, every
// page is reachable; where none does, the summary promises nothing the tool cannot fetch and the
// narrowing that works is offered instead.
import { describe, expect, it } from 'vitest';
import type { PageInfo } from './define-lookup.ts';
import { offsetPageJump, pageNumberPaging, unsetParams, windowCount } from './adapters.ts';
import { chargingStations, halvedProx } from './b-charging-stations.ts';
import { callsForService, callsForServiceResponse } from './m-calls-for-service.ts';
import { prospecting } from './o-prospecting.ts';
import { crimeIncidents } from './l-crime-incidents.ts';
import { podcastSearch } from './t-podcast-search.ts';
import { sexOffenders } from './h-sex-offenders.ts';
import { cars } from './f-cars.ts';
import { nftCollections } from './p-nft-collections.ts';
import { propertyDetail } from './d-property-detail.ts';
import { propertyMortgage } from './g-property-mortgage.ts';
import { chargingStationsSample } from './testing/samples/b-charging-stations.sample.ts';
import { callsForServiceSample } from './testing/samples/m-calls-for-service.sample.ts';
import { prospectingSample } from './testing/samples/o-prospecting.sample.ts';
import { crimeIncidentsSample } from './testing/samples/l-crime-incidents.sample.ts';
import { podcastSearchSample } from './testing/samples/t-podcast-search.sample.ts';
import { sexOffendersSample } from './testing/samples/h-sex-offenders.sample.ts';
import { carsSample } from './testing/samples/f-cars.sample.ts';
import { nftCollectionsSample } from './testing/samples/p-nft-collections.sample.ts';
import { propertyDetailSample } from './testing/samples/d-property-detail.sample.ts';

/**
 * A summary that speaks of pages or of more records is backed by something the tool can do: a
 * neighbour, a page jump, or a narrowing that says plainly the rest cannot be fetched.
 */
function expectNoDeadEnd(info: PageInfo | undefined) {
  expect(info).toBeDefined();
  const promises = /\bpages?\b|more/i.test(info!.summary);
  if (promises) expect(Boolean(info!.next || info!.prev || info!.pages || info!.narrowing)).toBe(true);
  if (info!.narrowing) expect(info!.narrowing.reason).toMatch(/no page parameter|no offset or page parameter/);
}

const pagingOf = (operation: { adapters?: { paging?: (body: never, params: never) => PageInfo | undefined } }) => {
  const paging = operation.adapters?.paging;
  if (!paging) throw new Error('no paging adapter');
  return paging as (body: unknown, params: Record<string, unknown>) => PageInfo | undefined;
};

describe('page helpers', () => {
  it('reaches every page by number: first, last, any page (clamped to the range)', () => {
    const params = { q: 'x', page: 3 };
    const info = pageNumberPaging(3, 7, params, 'page');
    expect(info).toMatchObject({ summary: 'Page 3 of 7', next: { q: 'x', page: 4 }, prev: { q: 'x', page: 2 } });
    expect(info.pages).toMatchObject({ page: 3, last: 7 });
    expect(info.pages!.to(1)).toEqual({ q: 'x', page: 1 });
    expect(info.pages!.to(7)).toEqual({ q: 'x', page: 7 });
    expect(info.pages!.to(99)).toEqual({ q: 'x', page: 7 });
    expect(info.pages!.to(0)).toEqual({ q: 'x', page: 1 });
    expect(pageNumberPaging(1, 1, params, 'page').pages).toBeUndefined();
    expect(pageNumberPaging(2, 5, params)).toEqual({ summary: 'Page 2 of 5' });
  });

  it('turns pages into offsets', () => {
    const jump = offsetPageJump(20, 10, 342, { q: 'x', offset: 20 }, 'offset')!;
    expect(jump).toMatchObject({ page: 3, last: 35 });
    expect(jump.to(35)).toEqual({ q: 'x', offset: 340 });
    expect(jump.to(1)).toEqual({ q: 'x', offset: 0 });
    expect(offsetPageJump(0, 10, 10, {}, 'offset')).toBeUndefined();
  });

  it('names unset filters in the given order; an empty list is unset', () => {
    expect(unsetParams({ a: 'x', b: [], c: undefined, d: 0 }, ['d', 'c', 'b', 'a'])).toEqual(['c', 'b']);
  });

  it('plans enough windows at 80% of an answer, at least two', () => {
    expect(windowCount(11_505, 10_000)).toBe(2);
    expect(windowCount(24_672, 10_000)).toBe(4);
    expect(windowCount(10_001, 10_000)).toBe(2);
  });
});

describe('L pages with page', () => {
  const operation = crimeIncidents.operations[0];
  it('reaches the first, the last and any page, writing page', () => {
    const params = operation.params.parse({ ...operation.example, page: '2' });
    const info = pagingOf(operation)([{ ...crimeIncidentsSample[0], total_pages: 5 }], params);
    expectNoDeadEnd(info);
    expect(info?.pages).toMatchObject({ page: 2, last: 5 });
    expect(info?.pages?.to(5)).toMatchObject({ page: 5, distance: '1mi' });
    expect(info?.narrowing).toBeUndefined();
  });
});

describe('T pages with offset', () => {
  const operation = podcastSearch.operations[0];
  it('reaches the last page through offset', () => {
    const info = pagingOf(operation)({ ...podcastSearchSample, count: 10, total: 342, next_offset: 20 }, { q: 'climate', offset: 10 });
    expectNoDeadEnd(info);
    expect(info?.pages).toMatchObject({ page: 2, last: 35 });
    expect(info?.pages?.to(35)).toEqual({ q: 'climate', offset: 340 });
    const last = pagingOf(operation)({ ...podcastSearchSample, count: 2, total: 342, next_offset: 350 }, { offset: 340 });
    expect(last?.next).toBeUndefined();
    expect(last?.pages).toMatchObject({ page: 35, last: 35 });
  });
});

describe('M: no page parameter, a shorter time window instead', () => {
  const operation = callsForService.operations[0];
  const call = callsForServiceSample.incidents[0]!;
  const cut = { total_incidents: 24_672, total_pages: 3, incidents: Array.from({ length: 10_000 }, () => call) };

  it('never speaks of pages it cannot fetch, and offers the split', () => {
    const info = pagingOf(operation)(cut, {})!;
    expectNoDeadEnd(info);
    expect(info.summary).toBe('10,000 of 24,672 calls shown (the newest)');
    expect(info.summary).not.toMatch(/page/);
    expect(info.next ?? info.prev ?? info.pages).toBeUndefined();
    expect(info.narrowing?.reason).toContain('the other 14,672 cannot be fetched');
    expect(info.narrowing?.advice).toMatch(/shorter time window.*4 consecutive windows/);
    expect(info.narrowing?.split).toMatchObject({
      fromParam: 'datetime_ini',
      untilParam: 'datetime_end',
      windows: 4,
      total: 24_672,
      perAnswer: 10_000,
      noun: 'calls',
      newestFirst: true,
    });
  });

  it('builds a merged body of M’s own response shape, and identifies a call by city, code and time', () => {
    const split = pagingOf(operation)(cut, {})!.narrowing!.split!;
    const body = split.body([call, call]);
    expect(callsForServiceResponse.safeParse(body).success).toBe(true);
    expect(pagingOf(operation)(body, {})).toEqual({ summary: '2 calls' });
    expect(split.identity(call)).toBe(`US SFO|2412844124|${call.call_date}`);
    expect(split.identity({ ...call, call_date: '2024-05-08T00:00:00.000Z' })).not.toBe(split.identity(call));
  });

  it('offers nothing when the answer holds every call', () => {
    expect(pagingOf(operation)(callsForServiceSample, {})).toEqual({ summary: '1 call' });
  });
});

describe('B: no page parameter, a smaller radius instead', () => {
  const operation = chargingStations.operations[0];
  it('says the rest cannot be fetched and offers half the radius in one click', () => {
    const params = { prox: '52.52,13.405,3000', connectortype: ['29'] };
    const info = pagingOf(operation)({ ...chargingStationsSample, hasMore: true, count: 20 }, params)!;
    expectNoDeadEnd(info);
    expect(info.summary).toBe('20 stations shown (the nearest); more lie within the circle');
    expect(info.summary).not.toMatch(/available/);
    expect(info.narrowing?.advice).toMatch(/smaller radius/);
    expect(info.narrowing?.resend).toEqual({
      label: 'Halve the radius (3,000 m → 1,500 m)',
      params: { prox: '52.52,13.405,1500', connectortype: ['29'] },
    });
    // The XML operation shares the adapter.
    expect(pagingOf(chargingStations.operations[1])({ ...chargingStationsSample, hasMore: true }, params)?.narrowing?.resend).toBeDefined();
  });

  it('halves to whole metres and not below one', () => {
    expect(halvedProx('1,2,5')).toEqual({ prox: '1,2,3', from: 5, to: 3 });
    expect(halvedProx('1,2,1')).toBeUndefined();
    expect(halvedProx(undefined)).toBeUndefined();
    const info = pagingOf(chargingStations.operations[0])({ ...chargingStationsSample, hasMore: true }, { prox: '1,2,1' });
    expect(info?.narrowing).toBeDefined();
    expect(info?.narrowing?.resend).toBeUndefined();
  });

  it('offers nothing when hasMore is false', () => {
    expect(pagingOf(operation)({ ...chargingStationsSample, hasMore: false, count: 3 }, {})).toEqual({ summary: '3 stations' });
  });
});

describe('O: no page parameter, more filters instead', () => {
  const operation = prospecting.operations[0];
  it('does not count pages, and names the filters still unset', () => {
    const params = operation.params.parse(operation.example);
    const info = pagingOf(operation)(
      { ...prospectingSample, total_companies: 80, total_pages: 4, data: Array.from({ length: 25 }, () => prospectingSample.data[0]) },
      params,
    )!;
    expectNoDeadEnd(info);
    expect(info.summary).toBe('25 of 80 companies shown');
    expect(info.summary).not.toMatch(/page/);
    expect(info.narrowing?.reason).toContain('the other 55 cannot be fetched');
    // The example sets company_status, industry_focus and number_of_employees.
    expect(info.narrowing?.advice).toBe(
      "Add filters until the search matches 25 or fewer: nace, isic, company_incorporation, legal_form, company_type, trading_activity, activity_type, website_keywords (or a country's sic_code_*).",
    );
  });

  it('asks for narrower filters when every one is set, and nothing when all matches are shown', () => {
    const all = Object.fromEntries(
      [
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
      ].map((name) => [name, 'x']),
    );
    expect(pagingOf(operation)(prospectingSample, all)?.narrowing?.advice).toMatch(/^Every filter is set/);
    expect(pagingOf(operation)({ ...prospectingSample, total_companies: 2 }, {})).toEqual({ summary: '2 companies' });
  });
});

describe('the other lookups that cut an answer', () => {
  it('H names the other of zipcode and name', () => {
    const info = pagingOf(sexOffenders.operations[0])(
      { ...sexOffendersSample, sex_offenders_count: 150, pages_count: 2 },
      { zipcode: '62701' },
    )!;
    expectNoDeadEnd(info);
    expect(info.summary).not.toMatch(/page/);
    expect(info.narrowing?.advice).toMatch(/^Add a name/);
  });

  it('D and G say only the answer’s properties can be fetched', () => {
    for (const lookup of [propertyDetail, propertyMortgage]) {
      const info = pagingOf(lookup.operations[0])(
        { ...propertyDetailSample, status: { ...propertyDetailSample.status, total: 25, page: 2 } },
        {},
      )!;
      expectNoDeadEnd(info);
      expect(info.summary).toBe('1 of 25 properties shown');
      expect(info.narrowing?.advice).toMatch(/recordid/);
    }
  });

  it('F offers the largest limit, then the filters still unset', () => {
    const operation = cars.operations[0];
    const five = Array.from({ length: 5 }, () => carsSample[0]);
    const low = pagingOf(operation)(five, { make: 'toyota' })!;
    expectNoDeadEnd(low);
    expect(low.narrowing?.resend).toEqual({ label: 'Raise the limit to 50', params: { make: 'toyota', limit: 50 } });
    const fifty = Array.from({ length: 50 }, () => carsSample[0]);
    const high = pagingOf(operation)(fifty, { make: 'toyota', limit: 50 })!;
    expect(high.narrowing?.resend).toBeUndefined();
    expect(high.narrowing?.advice).toMatch(/^Add filters: model, fuel_type/);
  });

  it('P offers the largest page_size, then a narrower name', () => {
    const operation = nftCollections.operations[0];
    const full = { data: Array.from({ length: 5 }, () => nftCollectionsSample.data[0]) };
    const info = pagingOf(operation)(full, { page_size: 5, name: 'ape' })!;
    expectNoDeadEnd(info);
    expect(info.narrowing?.resend?.params).toEqual({ page_size: 100, name: 'ape' });
    const max = pagingOf(operation)(
      { data: Array.from({ length: 100 }, () => nftCollectionsSample.data[0]) },
      { page_size: 100, name: 'ape' },
    )!;
    expect(max.narrowing?.resend).toBeUndefined();
    expect(max.narrowing?.advice).toMatch(/longer part of the name, or set verified/);
  });
});
