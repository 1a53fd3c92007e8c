// XML bodies (B's `.xml` operation) in both directions, isomorphic. XML carries only text, so
// fromXml walks the operation's response schema (as JSON Schema) to restore each leaf's type and
// to know which elements form arrays, even with one child or none.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import type { Operation } from './define-lookup.ts';
import { isRecord } from './adapters.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
};

/** Attribute that marks a JSON null, as XML Schema's xsi:nil does. */
const NIL = '@_nil';
/** Element name for items of an array that sits directly in another array or at the root. */
const ITEM = 'item';

const schemaCache = new WeakMap<z.ZodType, JsonSchema>();

function jsonSchemaOf(operation: Operation): JsonSchema {
  let schema = schemaCache.get(operation.response);
  if (!schema) {
    schema = z.toJSONSchema(operation.response, { io: 'output', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
    schemaCache.set(operation.response, schema);
  }
  return schema;
}

function rootName(operation: Operation): string {
  return operation.xml?.root ?? 'response';
}

function variants(schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  const union = schema.anyOf ?? schema.oneOf;
  return union ? union.flatMap(variants) : [schema];
}

function typesOf(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  for (const variant of variants(schema)) {
    if (Array.isArray(variant.type)) variant.type.forEach((type) => types.add(type));
    else if (variant.type) types.add(variant.type);
    else if (variant.const === null) types.add('null');
  }
  return types;
}

function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  for (const variant of variants(schema)) {
    const property = variant.properties?.[key];
    if (property) return property;
  }
  return undefined;
}

function itemSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  return variants(schema).find((variant) => variant.items)?.items;
}

// ---- JSON -> XML -------------------------------------------------------------------------

/** Turns a JSON value into fast-xml-parser's builder input: arrays become repeated elements. */
function toBuilderValue(value: unknown): unknown {
  if (value === null || value === undefined) return { [NIL]: 'true' };
  if (Array.isArray(value)) return value.map((item) => (Array.isArray(item) ? { [ITEM]: toBuilderValue(item) } : toBuilderValue(item)));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (child !== undefined) out[key] = toBuilderValue(child);
    }
    return out;
  }
  return String(value);
}

const builder = new XMLBuilder({
  format: true,
  indentBy: '  ',
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
});

/** The body as an XML document whose root element wraps the same content the JSON body holds. */
export function toXml(body: unknown, operation: Operation): string {
  const content = Array.isArray(body) ? { [ITEM]: toBuilderValue(body) } : toBuilderValue(body);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [rootName(operation)]: content })}`;
}

// ---- XML -> JSON -------------------------------------------------------------------------

function isNil(value: unknown): boolean {
  return isRecord(value) && value[NIL] === 'true';
}

/** Restores one parsed node to the type its schema describes; unknown fields stay text. */
function restore(value: unknown, schema: JsonSchema | undefined): unknown {
  if (isNil(value)) return null;
  const types = typesOf(schema);
  if (types.has('array')) {
    const items = value === '' ? [] : Array.isArray(value) ? value : [value];
    const inner = itemSchema(schema);
    const nested = typesOf(inner).has('array');
    // An array inside an array travels as <item> children of each repeated element.
    return items.map((item) => restore(nested && isRecord(item) ? item[ITEM] : item, inner));
  }
  if (Array.isArray(value)) return value.map((item) => restore(item, schema));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '#text' && typeof child === 'string' && child.trim() === '') continue;
      out[key] = restore(child, propertySchema(schema, key));
    }
    // Elements for empty arrays are absent from the XML: the schema knows they exist.
    for (const variant of variants(schema)) {
      for (const [key, property] of Object.entries(variant.properties ?? {})) {
        if (!(key in out) && typesOf(property).has('array') && !typesOf(property).has('null')) out[key] = [];
      }
    }
    return out;
  }
  if (typeof value !== 'string') return value;
  if (value === '' && types.has('object')) return restore({}, schema);
  if ((types.has('number') || types.has('integer')) && !types.has('string')) {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  if (types.has('boolean') && !types.has('string')) {
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return value;
}

const parserOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

/** Parses an XML body back into the JSON value toXml was given; throws a readable Error on malformed XML. */
export function fromXml(text: string, operation: Operation): unknown {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    throw new Error(`Malformed XML at line ${line}, column ${col}: ${msg}`);
  }
  // The shape's array elements stay arrays even where the schema does not know them (extra fields).
  const arrayElements = new Set(operation.xml?.arrayElements ?? []);
  const parser = new XMLParser({ ...parserOptions, isArray: (name) => arrayElements.has(name) });
  const document = parser.parse(text) as Record<string, unknown>;
  const root = rootName(operation);
  if (!(root in document)) {
    const found = Object.keys(document).filter((key) => key !== '#text');
    throw new Error(`Unexpected XML document element <${found[0] ?? '(none)'}>; expected <${root}>`);
  }
  const schema = jsonSchemaOf(operation);
  const content = document[root];
  if (typesOf(schema).has('array')) return restore(isRecord(content) ? content[ITEM] : content, schema);
  return restore(content, schema);
}
