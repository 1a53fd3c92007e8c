// @vitest-environment node
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { buildOpenApiDocument } from './openapi.ts';
import { allLookups } from './registry.ts';
import { pathParamNames } from './path-template.ts';

type Doc = {
  paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }>; security: unknown[]; requestBody?: unknown }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument() as unknown as Doc;

  it('is a valid OpenAPI 3.1 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('holds every operation of every lookup with its path parameters', () => {
    for (const lookup of allLookups) {
      for (const operation of lookup.operations) {
        const item = doc.paths[operation.path]?.[operation.method.toLowerCase()];
        expect(item, `${lookup.id} ${operation.path}`).toBeDefined();
        const pathParams = item!.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(pathParams.sort()).toEqual(pathParamNames(operation.path).sort());
      }
    }
  });

  it('carries the key as an apiKey scheme, never as a parameter', () => {
    const movie = doc.paths['/movie/{movie_id}']!.get!;
    expect(movie.parameters.map((p) => p.name)).not.toContain('api_key');
    expect(movie.security).toEqual([{ key_a: [] }]);
    expect(doc.components.securitySchemes.key_a).toMatchObject({ type: 'apiKey', in: 'query', name: 'api_key' });
  });
});
