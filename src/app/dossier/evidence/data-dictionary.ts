// The pack's data dictionary: each column of an answer's table with its type as the definition's
// response schema declares it (found by walking the schema's JSON form along the column's path),
// or "not in the spec" for a field the provider sent beyond it.
import { z } from 'zod';
import type { AnyOperation } from '../../../lookups/define-lookup.ts';

export interface DictionaryEntry {
  column: string;
  type: string;
}

type Node = { type?: string | string[]; properties?: Record<string, Node>; items?: Node; anyOf?: Node[]; format?: string };

function objectNodes(node: Node | undefined, out: Node[] = [], depth = 0): Node[] {
  if (!node || depth > 8) return out;
  if (node.properties) out.push(node);
  for (const child of [...Object.values(node.properties ?? {}), ...(node.items ? [node.items] : []), ...(node.anyOf ?? [])])
    objectNodes(child, out, depth + 1);
  return out;
}

function step(node: Node | undefined, key: string): Node | undefined {
  if (!node) return undefined;
  if (node.properties?.[key]) return node.properties[key];
  if (node.anyOf) for (const option of node.anyOf) if (step(option, key)) return step(option, key);
  return undefined;
}

function typeText(node: Node): string {
  if (node.anyOf) return [...new Set(node.anyOf.map(typeText))].join(' or ');
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  return node.format ? `${type} (${node.format})` : type;
}

/** The dictionary of these columns (flattened dot paths of the records) for one operation. */
export function dataDictionary(operation: AnyOperation, columns: readonly string[]): DictionaryEntry[] {
  let schema: Node;
  try {
    schema = z.toJSONSchema(operation.response, { unrepresentable: 'any', reused: 'inline', io: 'output' }) as Node;
  } catch {
    return columns.map((column) => ({ column, type: 'not in the spec' }));
  }
  // The record's schema: the object schema that declares the most of the columns' first segments.
  const heads = new Set(columns.map((column) => column.split('.')[0]!));
  let record: Node | undefined;
  let best = 0;
  for (const node of objectNodes(schema)) {
    const hits = Object.keys(node.properties!).filter((key) => heads.has(key)).length;
    if (hits > best) [record, best] = [node, hits];
  }
  return columns.map((column) => {
    const node = column
      .split('.')
      .reduce<Node | undefined>((current, key) => step(current, key) ?? (current?.items ? step(current.items, key) : undefined), record);
    return { column, type: node ? typeText(node) : 'not in the spec' };
  });
}
