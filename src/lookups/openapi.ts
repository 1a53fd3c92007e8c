// OpenAPI 3.1 document generated from the definitions: how other API tools import the lookups,
// and how anyone can check the schemas against the spec. Each lookup has its own provider, so
// every path item names its own server; the key is an `apiKey` security scheme per lookup.
import { z } from 'zod';
import type { LookupDefinition, Operation } from './define-lookup.ts';
import { paramMeta, type ParamMeta } from './param.ts';
import { allLookups } from './registry.ts';

type JsonObject = Record<string, unknown>;

function parameterSchema(meta: ParamMeta): JsonObject {
  const bounds = { ...(meta.min !== undefined && { minimum: meta.min }), ...(meta.max !== undefined && { maximum: meta.max }) };
  switch (meta.widget) {
    case 'integer':
    case 'epoch-ms':
      return { type: 'integer', ...bounds };
    case 'number':
    case 'latitude':
    case 'longitude':
      return { type: 'number', ...bounds };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(meta.options ?? [])] };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'list':
      return { type: 'string', description: 'comma-separated list' };
    case 'prox':
      return { type: 'string', pattern: '^-?[\\d.]+,-?[\\d.]+,[\\d.]+$' };
    default:
      return { type: 'string' };
  }
}

function describe(meta: ParamMeta): string {
  return [meta.title, meta.help, meta.defaultHint && `Default: ${meta.defaultHint}.`].filter(Boolean).join(' — ');
}

function operationObject(lookup: LookupDefinition, operation: Operation): JsonObject {
  const parameters: JsonObject[] = [];
  const bodyProperties: Record<string, JsonObject> = {};
  const bodyRequired: string[] = [];
  for (const [name, field] of Object.entries(operation.params.shape)) {
    const meta = paramMeta(field as z.ZodType);
    if (!meta) continue;
    if (meta.in === 'body') {
      bodyProperties[name] = { ...parameterSchema(meta), description: describe(meta) };
      if (meta.required) bodyRequired.push(name);
      continue;
    }
    parameters.push({
      name,
      in: meta.in,
      required: meta.in === 'path' ? true : meta.required,
      description: describe(meta),
      schema: parameterSchema(meta),
      ...(meta.example !== undefined && { example: meta.example }),
    });
  }
  const responseSchema = z.toJSONSchema(operation.response, { unrepresentable: 'any', reused: 'inline' }) as JsonObject;
  delete responseSchema.$schema;
  const mediaType = operation.format === 'xml' ? 'application/xml' : 'application/json';
  return {
    operationId: `${lookup.slug}_${operation.id}`,
    summary: `${lookup.id}. ${lookup.title}${lookup.operations.length > 1 ? ` (${operation.label})` : ''}`,
    description: [lookup.catalog.subject, ...(operation.notes ?? [])].join('\n\n'),
    tags: [`${lookup.id}. ${lookup.title}`],
    parameters,
    ...(operation.method === 'POST' && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: bodyProperties, required: bodyRequired } } },
      },
    }),
    security: [{ [securitySchemeName(lookup)]: [] }],
    responses: {
      '200': { description: 'Success body as the spec gives it.', content: { [mediaType]: { schema: responseSchema } } },
      default: { description: 'Error body of the provider (not shown in the spec).' },
    },
  };
}

function securitySchemeName(lookup: LookupDefinition): string {
  return `key_${lookup.slug}`;
}

function securityScheme(lookup: LookupDefinition): JsonObject {
  const { header, param } = lookup.keyTransport;
  return header
    ? { type: 'apiKey', in: 'header', name: header, description: `Personal key of lookup ${lookup.id}.` }
    : { type: 'apiKey', in: 'query', name: param ?? 'api_key', description: `Personal key of lookup ${lookup.id}.` };
}

export function buildOpenApiDocument(lookups: readonly LookupDefinition[] = allLookups): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const lookup of lookups) {
    for (const operation of lookup.operations) {
      const item = (paths[operation.path] ??= {
        servers: [{ url: '{base_url}', description: `Provider of lookup ${lookup.id}`, variables: { base_url: { default: 'https://provider.invalid' } } }],
      });
      item[operation.method.toLowerCase()] = operationObject(lookup, operation);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lookup Explorer — data lookups A–T',
      version: '1.0.0',
      description: 'Twenty read-only lookups. Each has its own provider (set base_url per path) and key.',
    },
    tags: lookups.map((lookup) => ({ name: `${lookup.id}. ${lookup.title}`, description: lookup.catalog.subject })),
    paths,
    components: { securitySchemes: Object.fromEntries(lookups.map((lookup) => [securitySchemeName(lookup), securityScheme(lookup)])) },
  };
}
