// Test fixture: a lookup whose operations use every widget kind, a cross-field rule, path and body
// parameters, so the form and URL state are tested without depending on the real definitions.
import { z } from 'zod';
import type { LookupDefinition, Operation } from '../../lookups/define-lookup.ts';
import { param, paramHints } from '../../lookups/param.ts';

const search: Operation = {
  id: 'search',
  label: 'Search events',
  method: 'GET',
  path: '/v1/{region}/events',
  format: 'json',
  example: { region: 'north', start_date: '2024-01-01', end_date: '2024-01-31', fuel_type: 'diesel' },
  params: z
    .object({
      region: param.text({ in: 'path', title: 'Region', help: 'The region to search.', required: true }),
      q: param.text({ in: 'query', title: 'Search text', help: 'Words to look for.', example: 'storm' }),
      limit: param.integer({ in: 'query', title: 'Limit', help: 'How many results.', min: 1, max: 50, defaultHint: '5' }),
      score: param.number({ in: 'query', title: 'Minimum score', help: 'Lowest score.', min: 0, max: 1 }),
      radius: z.coerce.number().positive({ error: 'must be positive' }).optional().register(paramHints, {
        in: 'query',
        title: 'Radius',
        help: 'Metres around the point.',
        widget: 'radius',
        required: false,
        max: 5000,
      }),
      verified: param.boolean({ in: 'query', title: 'Verified', help: 'Only verified events.' }),
      fuel_type: param.enum({ in: 'query', title: 'Fuel type', help: 'Kind of fuel.', options: ['gas', 'diesel', 'electricity'] }),
      symbols: param.list({ in: 'query', title: 'Symbols', help: 'Codes.', suggestions: ['USD', 'GBP', 'JPY'] }),
      start_date: param.date({ in: 'query', title: 'Start date', help: 'First day.', required: true }),
      end_date: param.date({ in: 'query', title: 'End date', help: 'Last day.', required: true }),
      datetime_ini: param.datetime({ in: 'query', title: 'From', help: 'Earliest moment.' }),
      lat: param.latitude({ in: 'query', title: 'Latitude', help: 'Degrees north.' }),
      lon: param.longitude({ in: 'query', title: 'Longitude', help: 'Degrees east.' }),
      distance: param.distance({ in: 'query', title: 'Distance', help: 'Around the point.' }),
      prox: param.prox({ in: 'query', title: 'Proximity', help: 'Point and radius.', maxRadius: 200000 }),
      published_after: param.epochMs({ in: 'query', title: 'Published after', help: 'Epoch milliseconds.' }),
    })
    .superRefine((values, ctx) => {
      if (values.start_date && values.end_date && values.end_date < values.start_date)
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'is before start_date' });
    }),
  response: z.unknown(),
};

const summary: Operation = {
  id: 'summary',
  label: 'Region summary',
  method: 'GET',
  path: '/v1/{region}/summary',
  format: 'json',
  example: { region: 'south' },
  params: z.object({
    region: param.text({ in: 'path', title: 'Region', help: 'The region to summarise.', required: true }),
    lang: param.text({ in: 'query', title: 'Language', help: 'Language of the texts.' }),
  }),
  response: z.unknown(),
};

export const everyWidgetLookup: LookupDefinition = {
  id: 'F',
  slug: 'w',
  title: 'Widget test lookup',
  catalog: { subject: 'Test events', coverage: 'none', version: 'none', price: 'free', trial: 'free' },
  operations: [search, summary],
  personalData: [],
  keyTransport: { param: 'api_key' },
};

/** An all-optional operation sent by POST with a JSON body, like R. */
export const postLookup: LookupDefinition = {
  id: 'R',
  slug: 'p',
  title: 'Profile test lookup',
  catalog: { subject: 'Test profiles', coverage: 'none', version: 'none', price: 'free', trial: 'none' },
  operations: [
    {
      id: 'details',
      label: 'Profile details',
      method: 'POST',
      path: '/profile-details',
      format: 'json',
      example: { profile_id: 'ada' },
      params: z.object({
        profile_id: param.text({ in: 'body', title: 'Profile id', help: 'Whose profile.' }),
        contact_info: param.boolean({ in: 'body', title: 'Contact info', help: 'Include contacts.' }),
      }),
      response: z.unknown(),
    },
  ],
  personalData: [],
  keyTransport: { param: 'api_key' },
};
