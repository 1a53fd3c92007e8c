// The MCP prompts: two common tasks written out for an assistant. A place dossier calls, for each
// lookup that searches around a point (an operation with a location search, found in the
// registry), one tool, and sums them up; comparing two dates calls one tool twice, once per date, and says what changed.
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { paramMeta } from '../../lookups/param.ts';
import type { z } from 'zod';
import { toolName } from './tool-catalog.ts';

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptListing {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
}

export interface PromptMessage {
  role: 'user';
  content: { type: 'text'; text: string };
}

export const PLACE_DOSSIER = 'place_dossier';
export const COMPARE_DATES = 'compare_dates';

export const PROMPTS: readonly PromptListing[] = [
  {
    name: PLACE_DOSSIER,
    title: 'A place dossier',
    description: 'Everything the lookups that search around a point say about one place, summed up.',
    arguments: [
      { name: 'latitude', description: 'Latitude of the place, in decimal degrees', required: true },
      { name: 'longitude', description: 'Longitude of the place, in decimal degrees', required: true },
      { name: 'from', description: 'Start of the period (ISO 8601 date or date-time); default: the last 7 days', required: false },
      { name: 'to', description: 'End of the period (ISO 8601)', required: false },
    ],
  },
  {
    name: COMPARE_DATES,
    title: 'Compare two dates',
    description: 'Calls one lookup’s tool for two dates with otherwise the same parameters and says what changed.',
    arguments: [
      { name: 'tool', description: 'The tool to call, e.g. one from the catalog resource', required: true },
      { name: 'first', description: 'The first date (ISO 8601)', required: true },
      { name: 'second', description: 'The second date (ISO 8601)', required: true },
      { name: 'parameters', description: 'The other parameters, as JSON', required: false },
    ],
  },
];

/** How the operation takes a point, in words an assistant can follow. */
function howToGiveThePoint(operation: AnyOperation, latitude: string, longitude: string): string | undefined {
  const search = operation.locationSearch;
  if (!search) return undefined;
  if (search.kind === 'prox') return `${search.param}="${latitude},${longitude},<radius in metres, e.g. 1000>"`;
  return `${search.lat}=${latitude}, ${search.lon}=${longitude}, ${search.distance}=<a distance, e.g. 1mi>`;
}

/** Names of an operation's date and date-time parameters. */
export function dateParams(operation: AnyOperation): string[] {
  return Object.entries(operation.params.shape).flatMap(([name, field]) => {
    const widget = paramMeta(field as z.ZodType)?.widget;
    return widget === 'date' || widget === 'datetime' ? [name] : [];
  });
}

/**
 * The one operation of a lookup to call for a place: the first that searches around a point,
 * JSON before another format (B answers the same stations as JSON and as XML: one is enough).
 */
function placeSearchOf(lookup: AnyLookup): AnyOperation | undefined {
  const searching = lookup.operations.filter((operation) => operation.locationSearch);
  return searching.find((operation) => operation.format === 'json') ?? searching[0];
}

function placeDossier(lookups: readonly AnyLookup[], args: Record<string, string>): string {
  const { latitude = '', longitude = '' } = args;
  const period = args.from ? `from ${args.from}${args.to ? ` to ${args.to}` : ''}` : 'over the last 7 days';
  const steps = lookups.flatMap((lookup) => {
    const operation = placeSearchOf(lookup);
    if (!operation) return [];
    const point = howToGiveThePoint(operation, latitude, longitude)!;
    const dates = dateParams(operation);
    return [`- \`${toolName(lookup, operation)}\` (${lookup.title}) with ${point}${dates.length > 0 ? `, and ${dates.join(' / ')} set to the period` : ''}`];
  });
  return [
    `Write a short dossier of the place at latitude ${latitude}, longitude ${longitude}, ${period}.`,
    'Call each of these tools once for it:',
    ...steps,
    'For each, say how many records it found and what stands out (kinds, dates, clusters); when a result says there are more records or pages, say so rather than fetching them all. Personal data comes masked: do not try to recover it. End with a three-line summary and which lookups answered from demo data.',
  ].join('\n');
}

function compareDates(lookups: readonly AnyLookup[], args: Record<string, string>): string {
  const tool = args.tool ?? '';
  const operation = lookups.flatMap((lookup) => lookup.operations.filter((candidate) => toolName(lookup, candidate) === tool))[0];
  const dates = operation ? dateParams(operation) : [];
  const which = dates.length > 0 ? `its date parameter${dates.length > 1 ? 's' : ''} (${dates.join(', ')})` : 'its date parameters';
  return [
    `Call the tool \`${tool}\` twice with the same parameters${args.parameters ? ` (${args.parameters})` : ''}, changing only ${which}: once for ${args.first ?? ''}, once for ${args.second ?? ''}.`,
    'Then compare the two answers: the number of records, the verdict, and the differences that matter (new or missing records by their identifying field, changed values). Keep it short and say if either answer was cut (more records or pages).',
  ].join('\n');
}

/** The prompt's messages, or undefined for an unknown prompt. */
export function promptMessages(lookups: readonly AnyLookup[], name: string, args: Record<string, string> = {}): PromptMessage[] | undefined {
  const text = name === PLACE_DOSSIER ? placeDossier(lookups, args) : name === COMPARE_DATES ? compareDates(lookups, args) : undefined;
  return text === undefined ? undefined : [{ role: 'user', content: { type: 'text', text } }];
}
