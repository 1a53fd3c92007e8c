// completion/complete: suggestions for the prompts' arguments and the resource templates'
// variables as an assistant's user types them. A place: names and zip codes from the offline
// gazetteer (the place box's own); a tool: the tools' names (or a lookup's letter); a parameter
// of that tool: its names; its value: the parameter's choices (an enum's values, true/false); a
// template's {lookup}: the lookups' letters. MCP completes prompt and template arguments only (no
// reference names a tool's arguments), so the tools' arguments are offered through the ask_lookup
// prompt. A reference or argument with nothing to offer gets an empty list, not an error: a
// completion is a hint, and a client asks as the user types.
import type { z } from 'zod';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { paramMeta } from '../../lookups/param.ts';
import { findPlaces, normalise } from '../../demo/gazetteer.ts';
import { usPlaces } from '../../demo/us-places.ts';
import { ASK_LOOKUP, COMPARE_DATES, PLACE_DOSSIER, promptTool } from './prompts.ts';
import { RESOURCE_TEMPLATES } from './resources.ts';
import { RESULT_LIMIT, RESULT_OFFSET, toolName } from './tool-catalog.ts';

/** The protocol's cap on the values of one completion. */
export const MAX_COMPLETION_VALUES = 100;

export interface CompletionRequest {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  /** Arguments already filled in (the tool, the parameter), when the client sends them. */
  context?: { arguments?: Record<string, string> } | undefined;
}

export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

function completion(all: readonly string[]): Completion {
  const values = all.slice(0, MAX_COMPLETION_VALUES);
  return { values, total: all.length, hasMore: all.length > values.length };
}

const startsWith = (candidate: string, typed: string) => candidate.toLowerCase().startsWith(typed.trim().toLowerCase());

/** A place: the gazetteer's names for what is typed; digits: the US 3-digit zip areas they begin. */
function places(typed: string): string[] {
  const text = typed.trim();
  if (/^\d{1,3}$/.test(text)) return [...new Set(usPlaces().map((place) => place.zip3))].filter((zip3) => zip3.startsWith(text)).sort();
  if (normalise(text).length === 0) return [];
  return findPlaces(text, MAX_COMPLETION_VALUES + 1).matches.map((match) => (/^\d/.test(text) ? text : match.label));
}

function tools(lookups: readonly AnyLookup[], typed: string): string[] {
  const names = lookups.flatMap((lookup) => lookup.operations.map((operation) => toolName(lookup, operation)));
  return names.filter((name) => startsWith(name, typed) || startsWith(name, `lookup_${typed}`));
}

/** The named tool's parameter names (or, given `parameter`, that parameter's choices). */
function ofTool(lookups: readonly AnyLookup[], context: Record<string, string>, argument: 'parameter' | 'value', typed: string): string[] {
  const found = promptTool(lookups, context.tool ?? '');
  if (!found) return [];
  const shape = found.operation.params.shape as Record<string, z.ZodType>;
  if (argument === 'parameter') return Object.keys(shape).filter((name) => startsWith(name, typed));
  const name = context.parameter ?? '';
  if (name === RESULT_OFFSET || name === RESULT_LIMIT || !Object.hasOwn(shape, name)) return [];
  const meta = paramMeta(shape[name]!);
  if (meta?.widget === 'boolean') return ['true', 'false'].filter((choice) => startsWith(choice, typed));
  return (meta?.options ?? []).filter((choice) => startsWith(choice, typed));
}

export function complete(lookups: readonly AnyLookup[], { ref, argument, context }: CompletionRequest): Completion {
  const given = context?.arguments ?? {};
  const typed = argument.value;
  if (ref.type === 'ref/resource') {
    const template = RESOURCE_TEMPLATES.find((candidate) => candidate.uriTemplate === ref.uri);
    if (!template || argument.name !== 'lookup') return completion([]);
    return completion(lookups.map((lookup) => lookup.slug).filter((slug) => startsWith(slug, typed)));
  }
  if (ref.name !== PLACE_DOSSIER && ref.name !== COMPARE_DATES && ref.name !== ASK_LOOKUP) return completion([]);
  if (argument.name === 'place') return completion(places(typed));
  if (argument.name === 'tool') return completion(tools(lookups, typed));
  if (ref.name === ASK_LOOKUP && (argument.name === 'parameter' || argument.name === 'value'))
    return completion(ofTool(lookups, given, argument.name, typed));
  return completion([]);
}
