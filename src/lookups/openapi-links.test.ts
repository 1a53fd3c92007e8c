import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.ts';
import { lookups } from './registry.ts';

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { links?: Record<string, { operationId: string; parameters: Record<string, string> }> }> }>
  >;
};

describe('OpenAPI links', () => {
  const doc = buildOpenApiDocument() as unknown as Doc;
  const links = doc.paths['/property/detail']!.get!.responses['200']!.links!;

  it("carries D's field links as runtime expressions into the first property", () => {
    expect(links.g_detailmortgage).toMatchObject({
      operationId: 'g_detailmortgage',
      parameters: { recordid: '$response.body#/property/0/identifier/recordId' },
    });
    expect(links.h_records?.parameters).toEqual({ zipcode: '$response.body#/property/0/address/postal1' });
    expect(links.l_incidents?.parameters).toMatchObject({ lat: '$response.body#/property/0/location/latitude', distance: '1mi' });
  });

  it('names only operations the document holds, and leaves out links that read a point', () => {
    const ids = new Set(
      Object.values(doc.paths).flatMap((item) =>
        Object.values(item).map((operation) => (operation as { operationId?: string }).operationId),
      ),
    );
    for (const item of Object.values(doc.paths))
      for (const operation of Object.values(item))
        for (const link of Object.values(operation.responses?.['200']?.links ?? {})) expect(ids).toContain(link.operationId);
    expect(links.b_json).toBeUndefined();
    const alone = buildOpenApiDocument([lookups.D]) as unknown as Doc;
    expect(alone.paths['/property/detail']!.get!.responses['200']!.links).toBeUndefined();
  });
});
