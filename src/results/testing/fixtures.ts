// Test fixtures for the viewer: a made-up people-search lookup that pages, has a success marker,
// personal data and coordinates, plus a response builder. Used only by tests.
import { z } from 'zod';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { defineLookup } from '../../lookups/define-lookup.ts';
import { isRecord, pageNumberPaging, pointFrom } from '../../lookups/adapters.ts';
import { param } from '../../lookups/param.ts';

export const personRecord = z.looseObject({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
});

export const peopleLookup = defineLookup({
  id: 'M', // any letter: the id only names configuration variables in messages
  slug: 'z',
  title: 'People search',
  catalog: { subject: 'People', coverage: 'test', version: 'none', price: 'free', trial: 'free' },
  keyTransport: { header: 'X-Api-Key' },
  personalData: ['name:people.*.name', 'contact:people.*.email'],
  operations: [
    {
      id: 'search',
      label: 'Search',
      method: 'GET',
      path: '/v1/people/{city}',
      format: 'json',
      example: { city: 'Berlin' },
      params: z.object({
        city: param.text({ in: 'path', title: 'City', help: 'City name.', required: true }),
        page: param.integer({ in: 'query', title: 'Page', help: 'Page number.', min: 1 }),
      }),
      response: z.looseObject({ ok: z.boolean(), page: z.number(), total_pages: z.number(), people: z.array(personRecord) }),
      adapters: {
        success: (body) => (isRecord(body) && body.ok === false ? { ok: false, message: String(body.reason ?? 'failed') } : { ok: true }),
        records: (body) => (isRecord(body) && Array.isArray(body.people) ? body.people : undefined),
        paging: (body, params) =>
          isRecord(body) ? pageNumberPaging(Number(body.page), Number(body.total_pages), params, 'page') : undefined,
        point: (record) => pointFrom(record, 'lat', 'lon'),
        label: (record) => (isRecord(record) ? String(record.name) : ''),
        // This made-up provider words its failures in `reason`.
        errorMessage: (body) => (isRecord(body) && typeof body.reason === 'string' ? body.reason : undefined),
      },
    },
  ],
});

export const peopleOperation = peopleLookup.operations[0];

export function person(index: number) {
  return {
    id: index,
    name: `Name ${index}`,
    email: `user${index}@mail.test`,
    city: index % 2 ? 'Berlin' : 'Aachen',
    lat: 52 + index / 1000,
    lon: 13,
  };
}

export function peopleBody(count: number, page = 1, totalPages = 3) {
  return { ok: true, page, total_pages: totalPages, people: Array.from({ length: count }, (_, index) => person(index)) };
}

export function makeResponse(body: unknown, overrides: Partial<LookupResponse> = {}): LookupResponse {
  const text = overrides.text ?? JSON.stringify(body);
  return {
    url: '/proxy/z/v1/people/Berlin?page=1',
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: [
      ['content-type', 'application/json'],
      ['x-lookup-source', 'demo'],
    ],
    source: 'demo',
    upstreamMs: 12,
    timeMs: 34,
    sizeBytes: text.length,
    contentType: 'application/json',
    text,
    body,
    ...overrides,
  };
}
