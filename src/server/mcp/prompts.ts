// The MCP prompts: three common tasks written out for an assistant. A place dossier calls, for each
// lookup that searches around a point (an operation with a location search, found in the
// registry), one tool, and sums them up; comparing two dates calls one tool twice, once per date,
// and says what changed; asking one lookup calls one tool with a place and one parameter set. A
// place may be named ("Denver, CO", a US zip code, a Dutch postcode): the offline gazetteer gives
// its point, and completion/complete (completions.ts) offers its names as they are typed.
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { paramMeta } from '../../lookups/param.ts';
import type { z } from 'zod';
import { findPlaces } from '../../demo/gazetteer.ts';
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
export const ASK_LOOKUP = 'ask_lookup';

const PLACE_ARGUMENT = {
  name: 'place',
  description: 'A place name or zip code (offline gazetteer), instead of latitude and longitude',
  required: false,
};

export const PROMPTS: readonly PromptListing[] = [
  {
    name: PLACE_DOSSIER,
    title: 'A place dossier',
    description: 'Everything the lookups that search around a point say about one place, summed up.',
    arguments: [
      PLACE_ARGUMENT,
      { name: 'latitude', description: 'Latitude of the place, in decimal degrees (without a place)', required: false },
      { name: 'longitude', description: 'Longitude of the place, in decimal degrees (without a place)', required: false },
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
  {
    name: ASK_LOOKUP,
    title: 'Ask one lookup',
    description: 'Calls one lookup’s tool, around a place when it searches around a point, with one parameter set.',
    arguments: [
      { name: 'tool', description: 'The tool to call (or a lookup’s letter)', required: true },
      PLACE_ARGUMENT,
      { name: 'parameter', description: 'A parameter of the tool to set', required: false },
      { name: 'value', description: 'Its value (its choices are offered)', required: false },
    ],
  },
];

/** The gazetteer's best match for a place's name or code, as the point the prompts give the tools. */
export function placePoint(place: string): { label: string; latitude: string; longitude: string } | undefined {
  const match = findPlaces(place, 1).matches[0];
  return match && { label: match.label, latitude: String(match.lat), longitude: String(match.lon) };
}

/** The tool a prompt names: by its name, or by its lookup's letter (its first operation). */
export function promptTool(lookups: readonly AnyLookup[], name: string): { lookup: AnyLookup; operation: AnyOperation } | undefined {
  const text = name.trim().toLowerCase();
  for (const lookup of lookups) {
    if (text === lookup.slug) return { lookup, operation: lookup.operations[0] };
    const operation = lookup.operations.find((candidate) => toolName(lookup, candidate) === text);
    if (operation) return { lookup, operation };
  }
  return undefined;
}

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

/** The point a prompt's arguments name: a place (through the gazetteer) or latitude and longitude. */
function pointOf(args: Record<string, string>): { latitude: string; longitude: string; words: string } {
  const found = args.place ? placePoint(args.place) : undefined;
  if (found)
    return {
      ...found,
      words: `${found.label} (latitude ${found.latitude}, longitude ${found.longitude}, the gazetteer’s point for “${args.place}”)`,
    };
  const { latitude = '', longitude = '' } = args;
  const unknown = args.place ? ` (the gazetteer does not know “${args.place}”)` : '';
  return { latitude, longitude, words: `latitude ${latitude}, longitude ${longitude}${unknown}` };
}

function placeDossier(lookups: readonly AnyLookup[], args: Record<string, string>): string {
  const { latitude, longitude, words } = pointOf(args);
  const period = args.from ? `from ${args.from}${args.to ? ` to ${args.to}` : ''}` : 'over the last 7 days';
  const steps = lookups.flatMap((lookup) => {
    const operation = placeSearchOf(lookup);
    if (!operation) return [];
    const point = howToGiveThePoint(operation, latitude, longitude)!;
    const dates = dateParams(operation);
    return [
      `- \`${toolName(lookup, operation)}\` (${lookup.title}) with ${point}${dates.length > 0 ? `, and ${dates.join(' / ')} set to the period` : ''}`,
    ];
  });
  return [
    `Write a short dossier of the place at ${words}, ${period}.`,
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

function askLookup(lookups: readonly AnyLookup[], args: Record<string, string>): string {
  const found = promptTool(lookups, args.tool ?? '');
  const tool = found ? toolName(found.lookup, found.operation) : (args.tool ?? '');
  const point = args.place && found ? pointOf(args) : undefined;
  const where = point && howToGiveThePoint(found!.operation, point.latitude, point.longitude);
  return [
    `Call the tool \`${tool}\`${found ? ` (${found.lookup.id}. ${found.lookup.title})` : ''}${where ? ` for ${point!.words}, with ${where}` : ''}${args.parameter ? `, with ${args.parameter}=${JSON.stringify(args.value ?? '')}` : ''}.`,
    'Fill in its other required parameters from its input schema, then say in a few lines what the answer holds; when the result says there are more records or pages, say so rather than fetching them all.',
  ].join('\n');
}

/** The prompt's messages, or undefined for an unknown prompt. */
export function promptMessages(
  lookups: readonly AnyLookup[],
  name: string,
  args: Record<string, string> = {},
): PromptMessage[] | undefined {
  const writers: Record<string, (all: readonly AnyLookup[], given: Record<string, string>) => string> = {
    [PLACE_DOSSIER]: placeDossier,
    [COMPARE_DATES]: compareDates,
    [ASK_LOOKUP]: askLookup,
  };
  const text = Object.hasOwn(writers, name) ? writers[name]!(lookups, args) : undefined;
  return text === undefined ? undefined : [{ role: 'user', content: { type: 'text', text } }];
}
