// OpenAPI 3.1 document generated from the definitions: how other API tools import the lookups,
// and how anyone can check the schemas against the spec. Paths are the providers' own; every
// path item names two servers: first this server's proxy for that lookup (`{origin}/proxy/<letter>`,
// so an imported collection calls the proxy, which attaches the key; one `origin` variable says
// where the app runs), then the provider itself (`base_url`), which wants the lookup's `apiKey`. Errors
// the proxy answers itself carry the wire module's envelope, documented once as components.
// Spectral (`spectral:oas`) and Redocly (recommended rules) lint this document in `npm test`.
import { z } from 'zod';
import type { LookupDefinition, Operation } from './define-lookup.ts';
import { paramMeta, type ParamMeta } from './param.ts';
import { allLookups } from './registry.ts';
import { openApiLinks } from './openapi-links.ts';
import { PROXY_PREFIX, defaultKeyPlacement, errorEnvelopeSchema } from './wire.ts';

type JsonObject = Record<string, unknown>;

/** Name of the shared error envelope schema under `components.schemas`. */
export const ERROR_ENVELOPE_SCHEMA = 'ErrorEnvelope';

/**
 * The answers every operation can get from the proxy rather than the provider, by status: the
 * proxy's refusals and gateway failures carry the envelope; a rate limit is the provider's own
 * answer passed on with its `Retry-After`.
 */
export const PROXY_ERROR_RESPONSES = {
  '400': {
    name: 'BadRequest',
    description:
      'Refused by the proxy before any upstream was asked: a parameter is invalid (per-field messages in `error.fields`), a path parameter is not one safe segment, or the body is not a JSON object.',
  },
  '404': { name: 'NotFound', description: 'The proxy knows no such lookup, or the lookup has no path like this.' },
  '405': { name: 'MethodNotAllowed', description: 'The path exists with another method; `Allow` lists it.' },
  '429': {
    name: 'TooManyRequests',
    description:
      "The provider's rate limit, passed on with its `Retry-After`. The body is the provider's own error as it sent it, or the envelope when the demo or the proxy answered.",
  },
  '502': {
    name: 'BadGateway',
    description:
      'The provider could not be reached or sent more than the proxy accepts (`LOOKUP_MAX_BYTES`); `error.origin` is `upstream`.',
  },
  '504': { name: 'GatewayTimeout', description: 'The provider did not answer within `LOOKUP_TIMEOUT_MS`; `error.origin` is `upstream`.' },
} as const satisfies Record<string, { name: string; description: string }>;

const ENVELOPE_REF = { $ref: `#/components/schemas/${ERROR_ENVELOPE_SCHEMA}` };

function jsonSchemaOf(schema: z.ZodType): JsonObject {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', reused: 'inline' }) as JsonObject;
  delete json.$schema;
  return withArrayItems(json) as JsonObject;
}

/**
 * zod writes a fixed-length tuple as `prefixItems` with `items: false`; with `maxItems` equal to
 * the number of prefix items that `false` never applies, and linters want an `items` schema on
 * every array, so it becomes the union of the tuple's own item schemas (the same constraint).
 */
function withArrayItems(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withArrayItems);
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withArrayItems(value)]));
  const prefix = out.prefixItems;
  if (out.type === 'array' && out.items === false && Array.isArray(prefix) && out.maxItems === prefix.length) {
    out.items = { anyOf: prefix };
  }
  return out;
}

/** A parameter's JSON Schema from its hints: type, bounds, choices (the MCP tools' input schemas use it too). */
export function parameterSchema(meta: ParamMeta): JsonObject {
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

/**
 * A parameter's example typed as its schema: the text a form holds (`'550'`, `'true'`) read by
 * the parameter's own zod schema, so integers, numbers and booleans become JSON numbers and
 * booleans. Text-typed parameters (lists, dates, choices) keep their text. The hint's example
 * comes first, then the operation's "Try an example" value.
 */
function typedExample(field: z.ZodType, meta: ParamMeta, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  if (parameterSchema(meta).type === 'string') return text;
  const parsed = field.safeParse(text);
  if (!parsed.success) throw new Error(`The example ${JSON.stringify(text)} of ${meta.title} does not pass its own schema`);
  return parsed.data;
}

function describe(meta: ParamMeta): string {
  return [meta.title, meta.help, meta.defaultHint && `Default: ${meta.defaultHint}.`].filter(Boolean).join(' — ');
}

function operationObject(lookup: LookupDefinition, operation: Operation, documented: readonly LookupDefinition[]): JsonObject {
  const parameters: JsonObject[] = [];
  const bodyProperties: Record<string, JsonObject> = {};
  const bodyRequired: string[] = [];
  const bodyExample: JsonObject = {};
  for (const [name, field] of Object.entries(operation.params.shape)) {
    const meta = paramMeta(field as z.ZodType);
    if (!meta) continue;
    const example = typedExample(field as z.ZodType, meta, meta.example ?? operation.example[name]);
    if (meta.in === 'body') {
      bodyProperties[name] = { ...parameterSchema(meta), description: describe(meta) };
      if (meta.required) bodyRequired.push(name);
      const value = typedExample(field as z.ZodType, meta, operation.example[name]);
      if (value !== undefined) bodyExample[name] = value;
      continue;
    }
    parameters.push({
      name,
      in: meta.in,
      required: meta.in === 'path' ? true : meta.required,
      description: describe(meta),
      schema: parameterSchema(meta),
      ...(example !== undefined && { example }),
    });
  }
  const mediaType = operation.format === 'xml' ? 'application/xml' : 'application/json';
  return {
    operationId: `${lookup.slug}_${operation.id}`,
    summary: `${lookup.id}. ${lookup.title}${lookup.operations.length > 1 ? ` (${operation.label})` : ''}`,
    description: [lookup.catalog.subject, ...(operation.notes ?? [])].join('\n\n'),
    tags: [tagName(lookup)],
    parameters,
    ...(operation.method === 'POST' && {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', properties: bodyProperties, required: bodyRequired },
            ...(Object.keys(bodyExample).length > 0 && { example: bodyExample }),
          },
        },
      },
    }),
    // Through the proxy (the first server) no key is sent: the proxy attaches it. Calling the
    // provider directly (the second server) needs the lookup's key.
    security: [{}, { [securitySchemeName(lookup)]: [] }],
    responses: {
      '200': {
        description: 'Success body as the spec gives it.',
        content: { [mediaType]: { schema: jsonSchemaOf(operation.response) } },
        ...openApiLinks(lookup, operation, documented),
      },
      ...Object.fromEntries(
        Object.entries(PROXY_ERROR_RESPONSES).map(([status, { name }]) => [status, { $ref: `#/components/responses/${name}` }]),
      ),
      default: {
        description:
          'Any other answer of the provider, e.g. its own 401 for a rejected key or 404 for an unknown id, passed on as it sent it (not shown in the spec).',
      },
    },
  };
}

function tagName(lookup: LookupDefinition): string {
  return `${lookup.id}. ${lookup.title}`;
}

function securitySchemeName(lookup: LookupDefinition): string {
  return `key_${lookup.slug}`;
}

function securityScheme(lookup: LookupDefinition): JsonObject {
  const placement = defaultKeyPlacement(lookup.keyTransport);
  return {
    type: 'apiKey',
    in: placement.in,
    name: placement.name,
    description: `Personal key of lookup ${lookup.id}, needed only when calling the provider directly; this server's proxy attaches its own (a server's configuration may move it to another parameter or header).`,
  };
}

/** Where the app runs when nothing else is said: `npm start`'s default address. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4173';

export interface OpenApiOptions {
  /** The default of the `origin` server variable: where this server answers (scheme, host, port). */
  origin?: string;
}

/**
 * This server's proxy for one lookup, as a server URL with an `origin` variable: an absolute
 * URL works in every importer (Postman makes one collection variable of it), where a relative
 * one leaves host-less requests.
 */
export function proxyServer(lookup: LookupDefinition | undefined, origin: string): JsonObject {
  return {
    url: `{origin}${PROXY_PREFIX}${lookup ? `/${lookup.slug}` : ''}`,
    // The variables carry no description: swagger-parser's 3.1 schema refuses one there.
    description: `${lookup ? `This server's proxy for lookup ${lookup.id}: it attaches the key` : "This server's proxy; each path names its lookup's prefix under it"} (origin: where Lookup Explorer answers)`,
    variables: { origin: { default: origin } },
  };
}

function errorResponse(status: keyof typeof PROXY_ERROR_RESPONSES): JsonObject {
  const { description } = PROXY_ERROR_RESPONSES[status];
  const schema = status === '429' ? { anyOf: [ENVELOPE_REF, { description: "The provider's own error body." }] } : ENVELOPE_REF;
  const headers =
    status === '405'
      ? { Allow: { description: 'The methods this path accepts.', schema: { type: 'string' } } }
      : status === '429'
        ? { 'Retry-After': { description: 'Seconds (or an HTTP date) to wait, as the provider sent it.', schema: { type: 'string' } } }
        : undefined;
  return { description, ...(headers && { headers }), content: { 'application/json': { schema } } };
}

export function buildOpenApiDocument(lookups: readonly LookupDefinition[] = allLookups, options: OpenApiOptions = {}): JsonObject {
  const origin = options.origin ?? DEFAULT_ORIGIN;
  const paths: Record<string, JsonObject> = {};
  for (const lookup of lookups) {
    for (const operation of lookup.operations) {
      const item = (paths[operation.path] ??= {
        servers: [
          proxyServer(lookup, origin),
          {
            url: '{base_url}',
            description: `Provider of lookup ${lookup.id}, called directly with its key (base_url: its LOOKUP_${lookup.id}_BASE_URL)`,
            variables: { base_url: { default: 'https://provider.invalid' } },
          },
        ],
      });
      item[operation.method.toLowerCase()] = operationObject(lookup, operation, lookups);
    }
  }
  const envelope = jsonSchemaOf(errorEnvelopeSchema);
  return {
    openapi: '3.1.0',
    info: {
      title: `Lookup Explorer — data lookups ${lookups[0]?.id ?? ''}–${lookups.at(-1)?.id ?? ''}`,
      version: '1.0.0',
      description:
        `${lookups.length} read-only lookups, each with its own provider and key. Every path names this server's proxy for its lookup first ` +
        `(\`{origin}${PROXY_PREFIX}/<letter>\`; set \`origin\` to where the app runs): the proxy checks the parameters, attaches the key ` +
        `and answers its own errors with one envelope. The second server is the provider itself (set \`base_url\`), which wants the key.`,
      contact: { name: 'Lookup Explorer maintainers' },
      // A private project (package.json `private`, no licence granted): proprietary, not open source.
      license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    // The proxy's root; every path item narrows it to its own lookup (`/proxy/<letter>`).
    servers: [proxyServer(undefined, origin)],
    tags: lookups.map((lookup) => ({ name: tagName(lookup), description: lookup.catalog.subject })),
    paths,
    components: {
      schemas: {
        [ERROR_ENVELOPE_SCHEMA]: {
          ...envelope,
          description: "The proxy's error envelope: `origin` says who failed (proxy, upstream or demo).",
        },
      },
      responses: Object.fromEntries(
        (Object.keys(PROXY_ERROR_RESPONSES) as (keyof typeof PROXY_ERROR_RESPONSES)[]).map((status) => [
          PROXY_ERROR_RESPONSES[status].name,
          errorResponse(status),
        ]),
      ),
      securitySchemes: Object.fromEntries(lookups.map((lookup) => [securitySchemeName(lookup), securityScheme(lookup)])),
    },
  };
}
