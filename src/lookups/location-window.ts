// The parameters L (crime incidents) and M (911 calls) share: a point, a distance and a time window.
import type { z } from 'zod';
import { param } from './param.ts';

export const locationWindowFields = {
  lat: param.latitude({
    in: 'query',
    title: 'Latitude',
    help: 'Latitude of the centre of the search, in decimal degrees (WGS 84).',
    required: true,
    example: '37.7749',
  }),
  lon: param.longitude({
    in: 'query',
    title: 'Longitude',
    help: 'Longitude of the centre of the search, in decimal degrees (WGS 84).',
    required: true,
    example: '-122.4194',
  }),
  distance: param.distance({
    in: 'query',
    title: 'Distance',
    help: 'Search radius around the point: a number with a unit mi, km, ft or m, e.g. 1mi, .25mi, 2km.',
    required: true,
    example: '1mi',
  }),
  datetime_ini: param.datetime({
    in: 'query',
    title: 'From',
    help: 'Start of the time window, in UTC.',
    required: true,
    example: '2024-05-01T00:00:00.000Z',
  }),
  datetime_end: param.datetime({
    in: 'query',
    title: 'Until',
    help: 'End of the time window, in UTC; not before datetime_ini.',
    required: true,
    example: '2024-05-08T00:00:00.000Z',
  }),
};

/** The parsed shared parameters (the demo's L and M generators read them). */
export type LocationWindowParams = z.output<z.ZodObject<typeof locationWindowFields>>;

/** Cross-field rule: the window must not end before it starts. */
export function windowInOrder(value: { datetime_ini?: string; datetime_end?: string }, ctx: z.RefinementCtx): void {
  if (!value.datetime_ini || !value.datetime_end) return;
  if (Date.parse(value.datetime_end) < Date.parse(value.datetime_ini))
    ctx.addIssue({ code: 'custom', path: ['datetime_end'], message: 'is before datetime_ini', input: value.datetime_end });
}

export const locationWindowSearch = { kind: 'lat-lon-distance', lat: 'lat', lon: 'lon', distance: 'distance' } as const;

export const locationWindowNotes = [
  'lat, lon, distance, datetime_ini and datetime_end are required; distance carries its unit (mi, km, ft, m) and the datetimes are ISO 8601 in UTC.',
];
