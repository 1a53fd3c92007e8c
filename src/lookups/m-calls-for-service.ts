import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import type { PageInfo, WindowSplit } from './define-lookup.ts';
import { arrayAt, isRecord, plural, pointFrom, readPath, windowCount } from './adapters.ts';
import { locationWindowFields, locationWindowNotes, locationWindowSearch, windowInOrder } from './location-window.ts';
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

/** What identifies a call: its code within its city, and its time (a code may repeat across days). */
export function callIdentity(record: unknown): string {
  return isRecord(record) ? [record.call_city_key, record.call_code, record.call_date].map(String).join('|') : JSON.stringify(record);
}

/**
 * No page parameter exists, so a cut answer has no neighbours: it says how many calls the query
 * matched and offers the narrowing that fetches them all, consecutive shorter time windows.
 */
export function callsPaging(body: unknown): PageInfo | undefined {
  const total = readPath(body, 'total_incidents');
  const shown = arrayAt(body, 'incidents')?.length;
  if (typeof total !== 'number' || shown === undefined) return undefined;
  if (total <= shown) return { summary: plural(total, 'call') };
  const rest = total - shown;
  const windows = windowCount(total, shown);
  const split: WindowSplit = {
    fromParam: 'datetime_ini',
    untilParam: 'datetime_end',
    windows,
    total,
    perAnswer: shown,
    noun: 'calls',
    newestFirst: true,
    identity: callIdentity,
    body: (records) => ({ total_incidents: records.length, total_pages: records.length > 0 ? 1 : 0, incidents: records }),
  };
  return {
    summary: `${shown.toLocaleString('en-US')} of ${plural(total, 'call')} shown (the newest)`,
    narrowing: {
      reason: `The spec gives M no page parameter: one answer holds at most ${plural(shown, 'call')}, so the other ${rest.toLocaleString('en-US')} cannot be fetched with this time window.`,
      advice: `Use a shorter time window, or split this one into ${windows} consecutive windows and merge their calls into one answer.`,
      split,
    },
  };
}

export const callsForService = defineLookup({
  id: 'M',
  title: '911 calls for service',
  keywords: ['maps', 'map', 'location', 'police', 'crime', 'emergency', 'dispatch', 'public safety', 'traffic', 'traffic stop', 'accident'],
  catalog: {
    subject: '911 calls near a location',
    coverage: 'regional',
    version: 'path prefix /v3',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  // A call's place is at or near the caller's or a subject's home: the address is masked and the
  // coordinates are rounded to about 1 km. The call's type and description stay (what happened).
  personalData: ['address:incidents.*.call_address', 'coordinate:incidents.*.call_latitude', 'coordinate:incidents.*.call_longitude'],
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
      // As the split's callIdentity: call codes repeat across cities and days.
      identity: ['call_city_key', 'call_code', 'call_date'],
      table: { keyColumns: ['call_code', 'call_date', 'call_type', 'call_address', 'call_latitude', 'call_longitude'] },
      map: {
        popup: [
          { label: 'Type', path: 'call_type' },
          { label: 'Description', path: 'call_description' },
          { label: 'Date', path: 'call_date' },
          { label: 'Address', path: 'call_address' },
        ],
        colorBy: 'call_type',
        timeField: 'call_date',
      },
      adapters: {
        // Errors: {message}.
        errorMessage: (body) => textAt(body, 'message'),
        records: (body) => arrayAt(body, 'incidents'),
        paging: (body) => callsPaging(body),
        point: (record) => pointFrom(record, 'call_latitude', 'call_longitude'),
        label: (record) => (isRecord(record) ? `${String(record.call_type ?? 'Call')} at ${String(record.call_address ?? '')}`.trim() : ''),
      },
      notes: [
        ...locationWindowNotes,
        'The spec gives M no page parameter: an answer holds at most 10,000 calls, newest first, and total_pages counts pages of that size. To get every call the viewer splits the time window into consecutive windows (each bound inclusive, to the millisecond) and merges their calls, keeping each call (city, code, time) once.',
        "Demo coverage: the United States (the 50 states and DC), on land: calls anywhere in the country, dense in cities by population and thin in the countryside, each on a street of the demo's own grid around the nearest place, so its address matches its position. Outside the US, and at sea or on a lake, the demo has no calls: total_incidents 0 there means outside the demo, not a quiet area.",
      ],
    }),
  ],
  notes: ['call_address is treated as personal data: a caller’s location can identify a household.'],
});
