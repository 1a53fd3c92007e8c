// Small operations shaped like B (prox) and L (lat, lon, distance) for the map's unit tests,
// independent of the real definitions.
import { z } from 'zod';
import type { Operation } from '../../lookups/define-lookup.ts';
import { param } from '../../lookups/param.ts';
import { isRecord, pointFrom } from '../../lookups/adapters.ts';

const base = { method: 'GET', format: 'json', response: z.unknown() } as const;

export const proxOperation: Operation = {
  ...base,
  id: 'stations',
  label: 'Stations',
  path: '/stations.json',
  params: z.object({ prox: param.prox({ in: 'query', title: 'Proximity', help: 'lat,lon,radius', required: true, maxRadius: 200_000 }) }),
  example: { prox: '52.52,13.405,5000' },
  locationSearch: { kind: 'prox', param: 'prox' },
  adapters: {
    point: (record) => pointFrom(record, 'position.latitude', 'position.longitude'),
    label: (record) => (isRecord(record) ? String(record.name ?? '') : ''),
  },
};

export const incidentsOperation: Operation = {
  ...base,
  id: 'incidents',
  label: 'Incidents',
  path: '/incidents',
  params: z.object({
    lat: param.latitude({ in: 'query', title: 'Latitude', help: '', required: true }),
    lon: param.longitude({ in: 'query', title: 'Longitude', help: '', required: true }),
    distance: param.distance({ in: 'query', title: 'Distance', help: '', required: true }),
  }),
  example: { lat: '37.77', lon: '-122.42', distance: '2mi' },
  locationSearch: { kind: 'lat-lon-distance', lat: 'lat', lon: 'lon', distance: 'distance' },
  adapters: { point: (record) => pointFrom(record, 'incident_latitude', 'incident_longitude') },
};
