import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { arrayAt, isRecord, pageNumberPaging, pointFrom, readPath, toNumber } from './adapters.ts';
import { param } from './param.ts';
import { locationWindowFields, locationWindowNotes, locationWindowSearch, windowInOrder } from './location-window.ts';
import { textAt } from './error-text.ts';

export const incidentSchema = z.looseObject({
  city_key: z.string(),
  incident_code: z.string(),
  incident_date: z.string(),
  incident_offense: z.string(),
  incident_offense_code: z.string(),
  incident_offense_description: z.string(),
  incident_offense_detail_description: z.string(),
  incident_offense_crime_against: z.string(),
  incident_offense_action: z.string(),
  incident_source_original_type: z.string(),
  incident_source_name: z.string(),
  incident_latitude: z.number(),
  incident_longitude: z.number(),
  incident_address: z.string(),
});

export const crimeIncidentsEnvelope = z.looseObject({
  total_incidents: z.number().int(),
  total_pages: z.number().int(),
  incidents: z.array(incidentSchema),
});

/** The body is an array whose element is the envelope. */
export const crimeIncidentsResponse = z.array(crimeIncidentsEnvelope);

/** Incidents per page (the provider's page size is not shown). */
export const INCIDENTS_PER_PAGE = 50;

/** One answer of L's shape holding exactly these incidents, on one page (the merge of every page). */
const crimeIncidentsBody = (incidents: readonly unknown[]) => [
  { total_incidents: incidents.length, total_pages: incidents.length > 0 ? 1 : 0, incidents },
];

export const crimeIncidents = defineLookup({
  id: 'L',
  title: 'Crime incidents',
  keywords: ['maps', 'map', 'location', 'police', 'crime', 'public safety', 'arrests', 'theft'],
  catalog: {
    subject: 'Crime incidents near a location',
    coverage: 'regional',
    version: 'path prefix /v1',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  // Where an incident happened is at or near a victim's home: the block address is masked and the
  // coordinates are rounded to about 1 km (the map still shows the area).
  personalData: [
    'address:*.incidents.*.incident_address',
    'coordinate:*.incidents.*.incident_latitude',
    'coordinate:*.incidents.*.incident_longitude',
  ],
  operations: [
    defineOperation({
      id: 'incidents',
      label: 'Crime incidents',
      method: 'GET',
      path: '/v1/incidents/raw-data',
      format: 'json',
      params: z
        .object({
          ...locationWindowFields,
          page: param.integer({
            in: 'query',
            title: 'Page',
            help: `Page of results, from 1; each page holds up to ${INCIDENTS_PER_PAGE} incidents.`,
            min: 1,
            example: '1',
            defaultHint: '1',
          }),
        })
        .superRefine(windowInOrder),
      example: {
        lat: '37.7749',
        lon: '-122.4194',
        distance: '1mi',
        datetime_ini: '2024-05-01T00:00:00.000Z',
        datetime_end: '2024-05-08T00:00:00.000Z',
        page: '1',
      },
      defaultTab: 'map',
      response: crimeIncidentsResponse,
      locationSearch: locationWindowSearch,
      identity: 'incident_code',
      table: {
        keyColumns: ['incident_code', 'incident_date', 'incident_offense', 'incident_address', 'incident_latitude', 'incident_longitude'],
      },
      map: {
        popup: [
          { label: 'Offense', path: 'incident_offense' },
          { label: 'Date', path: 'incident_date' },
          { label: 'Address', path: 'incident_address' },
          { label: 'Against', path: 'incident_offense_crime_against' },
          { label: 'Source', path: 'incident_source_name' },
        ],
        colorBy: 'incident_offense',
        timeField: 'incident_date',
      },
      adapters: {
        // Errors: {message}.
        errorMessage: (body) => textAt(body, 'message'),
        records: (body) => arrayAt(body, '0.incidents'),
        paging: (body, params) => {
          const totalPages = readPath(body, '0.total_pages');
          if (typeof totalPages !== 'number') return undefined;
          const page = params.page ?? 1;
          const info = pageNumberPaging(page, totalPages, params, 'page');
          // Every page merges into one body of L's shape ("Fetch all pages"), read like any answer.
          if (info.pages)
            info.pages.merge = { noun: 'incidents', total: toNumber(readPath(body, '0.total_incidents')), body: crimeIncidentsBody };
          return info;
        },
        point: (record) => pointFrom(record, 'incident_latitude', 'incident_longitude'),
        label: (record) =>
          isRecord(record)
            ? `${String(record.incident_offense_description ?? record.incident_offense ?? 'Incident')} at ${String(record.incident_address ?? '')}`.trim()
            : '',
      },
      notes: [
        ...locationWindowNotes,
        `page starts at 1 (the default); a page holds up to ${INCIDENTS_PER_PAGE} incidents, newest first.`,
        "Demo coverage: the United States (the 50 states and DC), on land: incidents anywhere in the country, dense in cities by population and thin in the countryside, each on a street of the demo's own grid around the nearest place, so its address matches its position. Outside the US, and at sea or on a lake, the demo has no incidents: total_incidents 0 there means outside the demo, not a quiet area.",
      ],
    }),
  ],
  notes: ['incident_address is treated as personal data: an incident’s address can identify a victim’s home.'],
});
