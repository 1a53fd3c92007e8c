import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { arrayAt, isRecord, plural, pointFrom, readPath } from './adapters.ts';
import { locationWindowFields, locationWindowNotes, locationWindowSearch, windowInOrder } from './l-m-location-window.ts';
import { textAt } from './error-text.ts';

export const callSchema = z.looseObject({
  call_city_key: z.string(),
  call_code: z.string(),
  call_date: z.string(),
  call_type: z.string(),
  call_description: z.string(),
  call_latitude: z.number(),
  call_longitude: z.number(),
  call_address: z.string(),
});

export const callsForServiceResponse = z.looseObject({
  total_incidents: z.number().int(),
  total_pages: z.number().int(),
  incidents: z.array(callSchema),
});

export const callsForService = defineLookup({
  id: 'M',
  title: '911 calls for service',
  catalog: {
    subject: '911 calls near a location',
    coverage: 'regional',
    version: 'path prefix /v3',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: ['incidents.*.call_address'],
  operations: [
    defineOperation({
      id: 'calls',
      label: '911 calls',
      method: 'GET',
      path: '/v3/calls-for-service/raw-data',
      format: 'json',
      params: z.object(locationWindowFields).superRefine(windowInOrder),
      example: {
        lat: '37.7749',
        lon: '-122.4194',
        distance: '1mi',
        datetime_ini: '2024-05-01T00:00:00.000Z',
        datetime_end: '2024-05-08T00:00:00.000Z',
      },
      defaultTab: 'map',
      response: callsForServiceResponse,
      locationSearch: locationWindowSearch,
      adapters: {
        // Errors: {message}.
        errorMessage: (body) => textAt(body, 'message'),
        records: (body) => arrayAt(body, 'incidents'),
        paging: (body) => {
          const total = readPath(body, 'total_incidents');
          const pages = readPath(body, 'total_pages');
          const shown = arrayAt(body, 'incidents')?.length ?? 0;
          if (typeof total !== 'number' || typeof pages !== 'number') return undefined;
          // No page parameter exists: only the first page can be fetched, so no neighbours.
          return { summary: pages > 1 ? `${shown.toLocaleString('en-US')} of ${plural(total, 'call')} shown (page 1 of ${pages})` : plural(total, 'call') };
        },
        point: (record) => pointFrom(record, 'call_latitude', 'call_longitude'),
        label: (record) => (isRecord(record) ? `${String(record.call_type ?? 'Call')} at ${String(record.call_address ?? '')}`.trim() : ''),
      },
      notes: [
        ...locationWindowNotes,
        'The spec gives M no page parameter: an answer holds at most 10,000 calls, newest first, and total_pages counts pages of that size.',
      ],
    }),
  ],
  notes: ['call_address is treated as personal data: a caller’s location can identify a household.'],
});
