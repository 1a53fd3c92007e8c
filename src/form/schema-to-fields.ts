// Turns an operation's params object into the ordered list of form fields. Our own small
// inference over zod 4's public API: the builders' hints (paramMeta, from the paramHints registry) when present,
// otherwise the field's JSON Schema and whether it accepts `undefined`.
import { z } from 'zod';
import type { Operation } from '../lookups/define-lookup.ts';
import type { ParamLocation, ParamMeta, Widget } from '../lookups/param.ts';
import { paramMeta } from '../lookups/param.ts';
import { pathParamNames } from '../lookups/path-template.ts';

export interface FieldSpec {
  /** The spec's parameter name: the form value's key and the control's accessible name. */
  name: string;
  meta: ParamMeta;
}

export interface FieldGroup {
  location: ParamLocation;
  /** Legend of the group: "Path", "Query" or "Body". */
  legend: string;
  fields: FieldSpec[];
}

const LEGENDS: Record<ParamLocation, string> = { path: 'Path', query: 'Query', body: 'Body' };
const GROUP_ORDER: readonly ParamLocation[] = ['path', 'query', 'body'];

/** The fields of an operation, in the definition's order. */
export function schemaToFields(operation: Operation): FieldSpec[] {
  const pathNames = new Set(pathParamNames(operation.path));
  return Object.entries(operation.params.shape).map(([name, field]) => ({
    name,
    meta: paramMeta(field) ?? inferMeta(name, field, pathNames.has(name)),
  }));
}

/** Fields grouped by where they travel (path first, as they come first in the URL); empty groups left out. */
export function groupFields(fields: readonly FieldSpec[]): FieldGroup[] {
  return GROUP_ORDER.map((location) => ({
    location,
    legend: LEGENDS[location],
    fields: fields.filter((field) => field.meta.in === location),
  })).filter((group) => group.fields.length > 0);
}

type JsonSchema = { type?: unknown; enum?: unknown[]; minimum?: number; maximum?: number; description?: string };

/** Hints for a field written without a parameter builder: a best guess, never a failure. */
function inferMeta(name: string, field: z.ZodType, inPath: boolean): ParamMeta {
  const json = jsonSchemaOf(field);
  const options = json.enum?.filter((value): value is string => typeof value === 'string');
  const widget: Widget =
    options && options.length > 0
      ? 'enum'
      : json.type === 'integer'
        ? 'integer'
        : json.type === 'number'
          ? 'number'
          : json.type === 'boolean'
            ? 'boolean'
            : 'text';
  return {
    in: inPath ? 'path' : 'query',
    title: name,
    help: json.description ?? field.description ?? '',
    widget,
    required: !field.safeParse(undefined).success,
    ...(widget === 'enum' ? { options } : {}),
    ...(json.minimum !== undefined ? { min: json.minimum } : {}),
    ...(json.maximum !== undefined ? { max: json.maximum } : {}),
  };
}

function jsonSchemaOf(field: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    // Schemas JSON Schema cannot express (custom checks on exotic types) fall back to text.
    return {};
  }
}
