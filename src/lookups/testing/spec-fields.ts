// Test helper: checks a response schema against a table transcribed from the spec, through the
// schema's JSON Schema (zod 4's public `toJSONSchema`), so the check is independent of how the
// schema was written.
import { z } from 'zod';

export type SpecType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null' | 'any';

/** [path, type, nullable?]: path is dot-separated, `[]` steps into array items, e.g. `genres[].id`. */
export type SpecField = readonly [path: string, type: SpecType, nullable?: 'nullable'];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  [key: string]: unknown;
};

function variants(schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf;
  return union ? union.flatMap(variants) : [schema];
}

function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  for (const variant of variants(schema)) {
    if (Array.isArray(variant.type)) variant.type.forEach((type) => types.add(type));
    else if (variant.type) types.add(variant.type);
    else if (variant.const === null) types.add('null');
    else types.add('any');
  }
  return types;
}

function step(schema: JsonSchema, key: string): JsonSchema | undefined {
  for (const variant of variants(schema)) {
    if (key === '[]' && variant.items) return variant.items;
    if (key !== '[]' && variant.properties?.[key]) return variant.properties[key];
  }
  return undefined;
}

/** Problems found: a missing field, a different type or different nullability. Empty when all match. */
export function specFieldProblems(schema: z.ZodType, fields: readonly SpecField[]): string[] {
  const root = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  const problems: string[] = [];
  for (const [path, type, nullable] of fields) {
    const keys = path.replace(/\[\]/g, '.[]').split('.').filter(Boolean);
    let node: JsonSchema | undefined = root;
    for (const key of keys) node = node && step(node, key);
    if (!node) {
      problems.push(`${path}: missing`);
      continue;
    }
    const types = typesOf(node);
    const isNullable = types.has('null');
    types.delete('null');
    const expected: string[] = type === 'null' ? [] : [type];
    const actual = [...types];
    if (type !== 'any' && !(actual.length === expected.length && actual.every((t) => expected.includes(t))))
      problems.push(`${path}: expected ${type}, schema has ${actual.join('|') || 'null'}`);
    if (type === 'null' ? !isNullable : Boolean(nullable) !== isNullable)
      problems.push(`${path}: expected ${nullable || type === 'null' ? 'nullable' : 'not nullable'}`);
  }
  return problems;
}
