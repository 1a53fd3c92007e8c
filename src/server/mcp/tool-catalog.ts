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

function describeParam(meta: ParamMeta, example: string | undefined): string {
  return [
    meta.title,
    meta.help,
    meta.defaultHint && `Default: ${meta.defaultHint}.`,
    meta.minDate && `Not before ${meta.minDate}.`,
    meta.notAfterToday && 'Not after today (UTC).',
    example !== undefined && `Example: ${example}.`,
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
  properties[RESULT_OFFSET] = {
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'Not sent to the lookup: the first of the answer’s records to return (0 = the first). Page through a large answer with it.',
  };
  properties[RESULT_LIMIT] = {
    type: 'integer',
    minimum: 1,
    maximum: MAX_RECORD_LIMIT,
    default: DEFAULT_RECORD_LIMIT,
    description: `Not sent to the lookup: how many of the answer’s records to return (at most ${MAX_RECORD_LIMIT}; fewer when they are large).`,
  };
  return { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false };
}

/** What every tool's structured content holds (tool-result.ts writes it). */
export const TOOL_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    lookup: { type: 'string', description: 'The lookup’s letter.' },
    operation: { type: 'string' },
    status: { type: 'integer', description: 'The HTTP status the proxy answered.' },
    source: { type: 'string', enum: ['live', 'demo', 'unknown'], description: 'Who answered: the provider, or the demo data.' },
    masked: { type: 'boolean', description: 'Whether personal data in the records is masked.' },
    ok: { type: 'boolean', description: 'The answer’s own verdict (its success marker), else whether the status was 2xx.' },
    message: { type: 'string', description: 'The provider’s or the demo’s words for a failure.' },
    totalRecords: { type: 'integer', description: 'Records in this answer (this page of the lookup).' },
    offset: { type: 'integer' },
    returned: { type: 'integer' },
    nextOffset: { type: 'integer', description: `Pass as ${RESULT_OFFSET} for the next records of this answer.` },
    paging: { type: 'object', description: 'The lookup’s own paging (a page of a larger result): the parameter to change for the next page.' },
    cutValues: { type: 'integer', description: 'Values cut to fit the result, each marked “…[cut: …]”.' },
    records: { type: 'array', items: {} },
  },
  required: ['lookup', 'operation', 'status', 'source', 'masked', 'ok', 'totalRecords', 'offset', 'returned', 'records'],
} as const satisfies JsonObject;

/** What a call costs here, in words: what the page's consent and usage line say before a live send. */
export function costWords(lookup: AnyLookup, facts: ToolFacts): string {
  if (facts.mode === 'demo') return 'This server answers it from demo data: calls are free and cost nothing.';
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

function toolDescription(lookup: AnyLookup, operation: AnyOperation, facts: ToolFacts): string {
  const masked = lookup.personalData.length > 0 ? ' Personal data in the answer is masked.' : '';
  return [
    `${lookup.id}. ${lookup.title}${lookup.operations.length > 1 ? ` (${operation.label})` : ''}: ${lookup.catalog.subject} (coverage: ${lookup.catalog.coverage}).`,
    `Returns the answer’s records as structured content, ${DEFAULT_RECORD_LIMIT} at a time by default (${RESULT_OFFSET}/${RESULT_LIMIT} page through them), with a summary.${masked}`,
    costWords(lookup, facts),
  ].join(' ');
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
      description: toolDescription(lookup, operation, facts),
      inputSchema: toolInputSchema(operation),
      outputSchema: TOOL_OUTPUT_SCHEMA,
      // Every lookup only reads; a live one reaches a provider outside this server (open world).
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: live },
      _meta: {
        'lookup-explorer/lookup': lookup.id,
        'lookup-explorer/operation': operation.id,
        'lookup-explorer/mode': facts.mode,
        'lookup-explorer/costsMoney': paid,
        ...(paid && { 'lookup-explorer/pricePerCall': lookup.catalog.pricePerCall }),
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
  return lookups.flatMap((lookup) => lookup.operations.map((operation) => lookupTool(lookup, operation, { mode: modeOf(lookup.id), limits: limitsOf(lookup.id) })));
}
