// @vitest-environment node
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { z } from 'zod';
import { buildOpenApiDocument, DEFAULT_ORIGIN, ERROR_ENVELOPE_SCHEMA, PROXY_ERROR_RESPONSES } from './openapi.ts';
import { paramMeta } from './param.ts';
import { allLookups } from './registry.ts';
import { pathParamNames } from './path-template.ts';
import { errorEnvelopeSchema, PROXY_PREFIX } from './wire.ts';

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; example?: unknown; schema: Json };
type OperationObject = {
  operationId: string;
  description: string;
  tags: string[];
  parameters: Parameter[];
  security: Json[];
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, Json>;
};
type Server = { url: string; variables?: Record<string, { default: string }> };
type Doc = {
  info: { license?: Json; contact?: Json };
  servers: Server[];
  paths: Record<string, { servers: Server[] } & Record<string, OperationObject>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, { content: Record<string, { schema: Json }> }>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
};

const doc = buildOpenApiDocument() as unknown as Doc;

function operationOf(path: string, method: string): OperationObject {
  const item = doc.paths[path];
  if (!item) throw new Error(`no path ${path}`);
  return item[method.toLowerCase()] as OperationObject;
}

/** A JSON Schema 2020-12 validator for the document's schemas, with `#/components/...` resolvable. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'doc', components: doc.components });

function validatorFor(schema: Json) {
  const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Json;
  return ajv.compile(rebased);
}

/** Every `{schema, example}` pair anywhere in the document (parameters and media types). */
function examplePairs(node: unknown, where: string, out: Array<{ where: string; schema: Json; example: unknown }> = []) {
  if (!node || typeof node !== 'object') return out;
  const record = node as Json;
  if ('example' in record && record.schema && typeof record.schema === 'object')
    out.push({ where, schema: record.schema as Json, example: record.example });
  for (const [key, value] of Object.entries(record)) examplePairs(value, `${where}/${key}`, out);
  return out;
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('holds every operation of every lookup with its path parameters', () => {
    for (const lookup of allLookups) {
      for (const operation of lookup.operations) {
        const item = operationOf(operation.path, operation.method);
        expect(item, `${lookup.id} ${operation.path}`).toBeDefined();
        const pathParams = item.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(pathParams.sort()).toEqual(pathParamNames(operation.path).sort());
        expect(item.operationId).toMatch(/^[a-z]_[A-Za-z0-9_-]+$/);
        expect(item.tags).toHaveLength(1);
        expect(item.description.length).toBeGreaterThan(0);
      }
    }
  });

  it('carries the key as an apiKey scheme, never as a parameter, and needs none through the proxy', () => {
    const movie = operationOf('/movie/{movie_id}', 'GET');
    expect(movie.parameters.map((p) => p.name)).not.toContain('api_key');
    expect(movie.security).toEqual([{}, { key_a: [] }]);
    expect(doc.components.securitySchemes.key_a).toMatchObject({ type: 'apiKey', in: 'query', name: 'api_key' });
  });

  it("names this server's proxy for the lookup as each path's first server", () => {
    expect(doc.servers[0]!.url.replace('{origin}', doc.servers[0]!.variables!.origin!.default)).toBe(`${DEFAULT_ORIGIN}${PROXY_PREFIX}`);
    for (const lookup of allLookups) {
      for (const operation of lookup.operations) {
        const [proxy, provider] = doc.paths[operation.path]!.servers;
        expect(proxy!.url.replace('{origin}', proxy!.variables!.origin!.default)).toBe(`${DEFAULT_ORIGIN}${PROXY_PREFIX}/${lookup.slug}`);
        expect(provider!.url).toBe('{base_url}');
      }
    }
    const elsewhere = buildOpenApiDocument(allLookups, { origin: 'https://lookups.internal:8443' }) as unknown as Doc;
    expect(elsewhere.paths['/search']!.servers[0]!.variables!.origin!.default).toBe('https://lookups.internal:8443');
  });

  it('types every parameter example like its schema, and each example passes the zod schema the form and proxy use', () => {
    let checked = 0;
    for (const lookup of allLookups) {
      for (const operation of lookup.operations) {
        const item = operationOf(operation.path, operation.method);
        for (const parameter of item.parameters) {
          if (parameter.example === undefined) continue;
          const field = operation.params.shape[parameter.name] as z.ZodType;
          const type = parameter.schema.type;
          if (type === 'integer') expect(Number.isInteger(parameter.example), `${lookup.id} ${parameter.name}`).toBe(true);
          else if (type === 'number') expect(typeof parameter.example, `${lookup.id} ${parameter.name}`).toBe('number');
          else if (type === 'boolean') expect(typeof parameter.example, `${lookup.id} ${parameter.name}`).toBe('boolean');
          else expect(typeof parameter.example, `${lookup.id} ${parameter.name}`).toBe('string');
          expect(paramMeta(field)?.in).toBe(parameter.in);
          // The form and the URL hold text; the example's text is what a client sends.
          expect(field.safeParse(String(parameter.example)).success, `${lookup.id} ${parameter.name}=${String(parameter.example)}`).toBe(
            true,
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    // The issue's own examples: A's movie_id and C's house_number are numbers, not text.
    expect(operationOf('/movie/{movie_id}', 'GET').parameters.find((p) => p.name === 'movie_id')?.example).toBe(550);
    expect(typeof operationOf('/company/address', 'GET').parameters.find((p) => p.name === 'house_number')?.example).toBe('number');
  });

  it('has every example validate against the JSON Schema it belongs to', () => {
    const pairs = examplePairs(doc.paths, '#/paths');
    expect(pairs.length).toBeGreaterThan(50);
    expect(pairs.some(({ where }) => where.includes('/requestBody/'))).toBe(true);
    for (const { where, schema, example } of pairs) {
      const validate = validatorFor(schema);
      expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('rejects an example of the wrong type (the check is not vacuous)', () => {
    const movieId = operationOf('/movie/{movie_id}', 'GET').parameters.find((p) => p.name === 'movie_id')!;
    expect(validatorFor(movieId.schema)('550')).toBe(false);
  });

  it('gives every array schema its items', () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const record = node as Json;
      if (record.type === 'array' && (!record.items || typeof record.items !== 'object')) missing.push(where);
      for (const [key, value] of Object.entries(record)) walk(value, `${where}/${key}`);
    };
    walk(doc, '#');
    expect(missing).toEqual([]);
    // J's [date, visits] pairs stay pairs: the items are the tuple's own two types.
    const visits = operationOf('/v2/digital-insights', 'GET').responses['200'] as Json;
    const validate = validatorFor((visits.content as Record<string, { schema: Json }>)['application/json']!.schema);
    expect(validate({ graph: { visits: { categories: [], data: [['2024-01', 5, 6]] } } })).toBe(false);
  });

  it("documents the proxy's own errors on every operation with the wire module's envelope", () => {
    const statuses = ['400', '404', '405', '429', '502', '504'];
    expect(Object.keys(PROXY_ERROR_RESPONSES).sort()).toEqual(statuses);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'servers') continue;
        for (const status of statuses)
          expect((operation as OperationObject).responses[status], `${method} ${path} ${status}`).toEqual({
            $ref: `#/components/responses/${PROXY_ERROR_RESPONSES[status as keyof typeof PROXY_ERROR_RESPONSES].name}`,
          });
      }
    }
    const badRequest = doc.components.responses[PROXY_ERROR_RESPONSES['400'].name]!;
    const validate = validatorFor(badRequest.content['application/json']!.schema);
    const refusal = {
      error: {
        code: 'invalid_parameter',
        message: 'lat must be between -90 and 90',
        origin: 'proxy',
        fields: { lat: 'lat must be between -90 and 90' },
      },
    };
    expect(errorEnvelopeSchema.safeParse(refusal).success).toBe(true);
    expect(validate(refusal)).toBe(true);
    for (const wrong of [
      { error: { code: 'x', message: 'y' } },
      { error: { code: 'x', message: 'y', origin: 'elsewhere' } },
      { status_message: 'Invalid API key' },
    ]) {
      expect(errorEnvelopeSchema.safeParse(wrong).success).toBe(false);
      expect(validate(wrong)).toBe(false);
    }
    expect(doc.components.schemas[ERROR_ENVELOPE_SCHEMA]).toBeDefined();
  });

  it('names a licence and a contact', () => {
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
    expect(doc.info.contact).toMatchObject({ name: expect.any(String) });
  });
});
