// The MCP tools: one per operation of the registry, named from the lookup's letter and title
// (`lookup_<letter>_<title>`, and the operation's id when a lookup has several), with an input
// schema generated from the operation's parameters (the same hints the form and the OpenAPI
// document read: types, bounds, choices, required) plus two arguments of its own that page
// through the answer's records. The description says what a call costs on this server: demo data
// is free; a live call may be priced per call (the catalog's `pricePerCall`) and counted against a
// budget (LOOKUP_<L>_BUDGET), as the page's live-call consent and usage line say.
import type { z } from 'zod';
import type { AnyLookup, AnyOperation, LookupId } from '../../lookups/define-lookup.ts';
import { parameterSchema } from '../../lookups/openapi.ts';
import { paramMeta, type ParamMeta } from '../../lookups/param.ts';
import type { LookupMode } from '../../lookups/wire.ts';
import type { LookupLimits } from '../team/limits-config.ts';
import { appUriOf } from './app-resources.ts';

/** The arguments every tool adds to its operation's parameters: which records of the answer to return. */
export const RESULT_OFFSET = 'result_offset';
export const RESULT_LIMIT = 'result_limit';
/** Records returned when the caller does not say, and at most. */
export const DEFAULT_RECORD_LIMIT = 20;
export const MAX_RECORD_LIMIT = 200;

type JsonObject = Record<string, unknown>;

/** A tool's input schema: an object of named parameters. */
export interface ToolInputSchema {
  [key: string]: unknown;
  type: 'object';
  properties: Record<string, JsonObject>;
  required?: string[];
  additionalProperties: false;
}

export interface ToolFacts {
  /** Who answers the lookup on this server. */
  mode: LookupMode;
  /** The team server's limits for the lookup (budgets), when it has any. */
  limits?: LookupLimits | undefined;
}

export interface LookupTool {
  name: string;
  lookup: AnyLookup;
  operation: AnyOperation;
  /** The tool as tools/list describes it. */
  definition: {
    name: string;
    title: string;
    description: string;
    inputSchema: ToolInputSchema;
    outputSchema: JsonObject & { type: 'object' };
    annotations: JsonObject;
    _meta: JsonObject;
  };
}

/** `911 calls for service` → `911_calls_for_service`: lower case, runs of anything else one `_`. */
function snake(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The tool's name: `lookup_l_crime_incidents`, `lookup_b_ev_charging_stations_xml`. */
export function toolName(lookup: AnyLookup, operation: AnyOperation): string {
  const base = `lookup_${lookup.slug}_${snake(lookup.title)}`;
  return lookup.operations.length > 1 ? `${base}_${snake(operation.id)}` : base;
}

/**
 * A parameter's description: its help (the form's words under the field), or its title when it
 * has none, never both run together; then its default, date bounds and an example.
 */
function describeParam(meta: ParamMeta, example: string | undefined): string {
  const words = meta.help ?? meta.title;
  return [
    /[.!?]$/.test(words) ? words : `${words}.`,
    meta.defaultHint && `Default: ${meta.defaultHint}.`,
    meta.minDate && `Not before ${meta.minDate}.`,
    meta.notAfterToday && 'Not after today (UTC).',
    example !== undefined && !words.includes(example) && `Example: ${example}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The operation's parameters as JSON Schema, each with its description, bounds, choices; the paging arguments after them. */
export function toolInputSchema(operation: AnyOperation): ToolInputSchema {
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(operation.params.shape)) {
    const meta = paramMeta(field as z.ZodType);
    if (!meta) continue;
    properties[name] = { ...parameterSchema(meta), description: describeParam(meta, meta.example ?? operation.example[name]) };
    if (meta.required || meta.in === 'path') required.push(name);
  }
  // Not sent to the lookup: which of the answer's records the result carries.
  properties[RESULT_OFFSET] = { type: 'integer', minimum: 0, description: 'First record to return, from 0 (not sent).' };
  properties[RESULT_LIMIT] = {
    type: 'integer',
    minimum: 1,
    maximum: MAX_RECORD_LIMIT,
    default: DEFAULT_RECORD_LIMIT,
    description: 'Records to return; fewer when large (not sent).',
  };
  return { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false };
}

/** Values as a page's form or address holds them (text), typed as the tool's input schema says (numbers and booleans). */
export function typedArguments(operation: AnyOperation, values: Readonly<Record<string, string>>): Record<string, unknown> {
  const properties = toolInputSchema(operation).properties;
  return Object.fromEntries(
    Object.entries(values).map(([name, text]) => {
      const type = properties[name]?.type;
      if (type === 'integer' || type === 'number') return [name, Number(text)];
      if (type === 'boolean') return [name, text === 'true'];
      return [name, text];
    }),
  );
}

/**
 * What every tool's structured content always holds (tool-result.ts writes it; `message`,
 * `nextOffset`, `paging` and `cutValues` when they apply): the fields' types only, since
 * tools/list repeats it for every tool; the server's instructions say what they mean.
 */
export const TOOL_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    lookup: { type: 'string' },
    operation: { type: 'string' },
    status: { type: 'integer' },
    source: { enum: ['live', 'demo', 'unknown'] },
    masked: { type: 'boolean' },
    ok: { type: 'boolean' },
    totalRecords: { type: 'integer' },
    offset: { type: 'integer' },
    returned: { type: 'integer' },
    records: { type: 'array' },
  },
} as const satisfies JsonObject;

/** What a call costs here, in words: what the page's consent and usage line say before a live send. */
export function costWords(lookup: AnyLookup, facts: ToolFacts): string {
  if (facts.mode === 'demo') return 'Demo data on this server: free.';
  const price = lookup.catalog.pricePerCall;
  const parts = [
    price !== undefined
      ? `LIVE and PAID: each call is sent to the provider and charged $${price} per call.`
      : `LIVE: each call is sent to the provider (price: ${lookup.catalog.price}).`,
  ];
  const { budget, userBudget } = facts.limits ?? {};
  if (budget) parts.push(`It counts against the server’s budget of ${budget.limit} live calls per ${budget.period}.`);
  if (userBudget) parts.push(`Each user may make ${userBudget.limit} live calls per ${userBudget.period}.`);
  return parts.join(' ');
}

/** Short: tools/list repeats it for every tool; the catalog and notes resources carry the long form. */
function toolDescription(lookup: AnyLookup, facts: ToolFacts): string {
  const masked = lookup.personalData.length > 0 ? ' Personal data masked.' : '';
  return `${lookup.catalog.subject}.${masked} ${costWords(lookup, facts)}`;
}

export function lookupTool(lookup: AnyLookup, operation: AnyOperation, facts: ToolFacts): LookupTool {
  const name = toolName(lookup, operation);
  const live = facts.mode === 'live';
  const paid = live && lookup.catalog.pricePerCall !== undefined;
  return {
    name,
    lookup,
    operation,
    definition: {
      name,
      title: `${lookup.id}. ${lookup.title}${lookup.operations.length > 1 ? ` (${operation.label})` : ''}`,
      description: toolDescription(lookup, facts),
      inputSchema: toolInputSchema(operation),
      outputSchema: TOOL_OUTPUT_SCHEMA,
      // Every lookup only reads (so the destructive and idempotent hints, meaningful only for a
      // tool that writes, are left out); a live one reaches a provider outside this server (open world).
      annotations: { readOnlyHint: true, openWorldHint: live },
      _meta: {
        // The MCP App view a host shows the result in (app-resources.ts).
        ui: { resourceUri: appUriOf(operation) },
        // Said only of a live tool (demo is the default, and free), of a paid one only that it costs
        // money: tools/list repeats every byte (≤ 40 kB with the dossier and job tools, decision 041).
        ...(live && { 'lookup-explorer/mode': facts.mode }),
        ...(paid && { 'lookup-explorer/costsMoney': true, 'lookup-explorer/pricePerCall': lookup.catalog.pricePerCall }),
        ...(facts.limits?.budget && { 'lookup-explorer/budget': `${facts.limits.budget.limit}/${facts.limits.budget.period}` }),
      },
    },
  };
}

/** Every operation of the registry as a tool, described for this server's modes and limits. */
export function lookupTools(
  lookups: readonly AnyLookup[],
  modeOf: (id: LookupId) => LookupMode,
  limitsOf: (id: LookupId) => LookupLimits | undefined = () => undefined,
): LookupTool[] {
  return lookups.flatMap((lookup) =>
    lookup.operations.map((operation) => lookupTool(lookup, operation, { mode: modeOf(lookup.id), limits: limitsOf(lookup.id) })),
  );
}
